/* global window, document, Image -- used inside page.evaluate, which runs in the browser */
// Installable and resilient (issue 16): a valid manifest with icons that load at their stated
// sizes, a service worker that opens every page with the network off, and a new release that waits
// for the person's "Reload" instead of changing under them.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import {
  BASE_URL,
  BOTH_SIZES,
  browserDuringTests,
  eventually,
  newPage,
  openApp,
  PHONE,
} from './lib/browser.mjs';
import { startSemaServer } from './lib/sema-server.mjs';

const browser = browserDuringTests();

/** Waits until a service worker controls the page (the first visit installs it; a reload is then served by it). */
async function untilControlled(page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (await page.evaluate(() => navigator.serviceWorker.controller !== null)) return;
  await page.reload();
  await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

describe('installable', () => {
  it('links a valid web app manifest whose icons load at the sizes it states', async () => {
    const { context, page, problems } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.ok(href, 'index.html links a manifest');
    const response = await fetch(new URL(href, BASE_URL));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/manifest\+json/);
    const manifest = await response.json();
    assert.equal(manifest.short_name, 'Sema');
    assert.match(manifest.name, /^Sema/);
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
    assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
    // What Chromium's install criteria and the stores ask for: 192 and 512, and a maskable icon.
    const sizes = manifest.icons.map((icon) => icon.sizes);
    assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), `icon sizes: ${sizes.join(', ')}`);
    assert.ok(manifest.icons.some((icon) => icon.purpose === 'maskable'));
    for (const icon of manifest.icons) {
      const drawn = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      assert.equal(drawn, icon.sizes, `${icon.src} is drawn at its stated size`);
    }
    // Chromium's own verdict: nothing stands between this page and "Install app".
    await untilControlled(page);
    const cdp = await context.newCDPSession(page);
    // Playwright's contexts are incognito windows, where Chromium never offers to install: that
    // one reason aside, the list must be empty (a page without a manifest gets several: below).
    const installability = async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito');
    assert.deepEqual(await installability(), []);
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    assert.equal((await fetch(new URL(appleIcon ?? '', BASE_URL))).status, 200);
    await page.goto('/api/v1/docs');
    assert.ok((await installability()).length > 0, 'a page without the manifest is not installable');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

for (const viewport of BOTH_SIZES) {
  describe(`offline (${viewport.width}px)`, () => {
    it('the service worker opens every page with the network off; the API stays with the server', async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      await untilControlled(page);
      // The first install is not an update: nothing to announce.
      assert.equal(await page.getByText('Update available').count(), 0);

      // The server's own pages are never answered with the app: its API docs come from the server.
      await page.goto('/api/v1/docs');
      assert.equal(await page.locator('#root').count(), 0, '/api/v1/docs is not the app shell');

      await context.setOffline(true);
      for (const route of ['/', '/about', '/developer', '/login']) {
        await openApp(page, route);
        await page.locator('main, [role="main"]').first().waitFor();
      }
      await openApp(page, '/');
      // The language list was kept from the visit before: the picker works offline.
      await page.getByTestId('target-language').click();
      const search = page.getByRole('combobox', { name: 'Search languages' });
      await search.fill('Swahili');
      await page.getByRole('option', { name: /^Swahili/ }).waitFor();
      await context.setOffline(false);
      assert.deepEqual(
        // Offline, the page's calls to the API fail (and say so); nothing else may go wrong.
        problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(problem)),
        [],
      );
      await context.close();
    });
  });
}

describe('sending without a network', () => {
  it('says so, keeps what was sent waiting, and sends it in order when the connection returns', async () => {
    const { context, page, problems } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    await context.setOffline(true);
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /You are offline/);

    const box = page.getByRole('textbox');
    for (const text of ['Good morning, my friend.', 'Where is the market?']) {
      await box.fill(text);
      await box.press('Enter');
      await page.locator('li[data-role="user"]').getByText(text).waitFor();
    }
    await eventually(async () => assert.equal(await page.getByTestId('queued-reply').count(), 2));
    // Waiting is not failing: no error is shown while offline.
    assert.equal(await page.getByText('Translation failed').count(), 0);

    await context.setOffline(false);
    await notice.waitFor({ state: 'detached' });
    await eventually(
      async () => {
        assert.equal(await page.getByTestId('queued-reply').count(), 0);
        assert.equal(await page.locator('li[data-role="assistant"][aria-busy]').count(), 0);
      },
      { timeoutMs: 20_000 },
    );
    // Two translations, in the order they were sent, each right after its message.
    const roles = await page
      .locator('li[data-role]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-role')));
    assert.deepEqual(roles, ['user', 'assistant', 'user', 'assistant']);
    assert.equal(await page.getByText('Translation failed').count(), 0);
    assert.deepEqual(
      problems.filter((problem) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/.test(problem)),
      [],
    );
    await context.close();
  });

  it('a message still waiting when the page closes waits on, and goes out once online', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    await untilControlled(page);
    await context.setOffline(true);
    await page.getByRole('textbox').fill('Tafadhali tuma ujumbe huu baadaye, rafiki yangu.');
    await page.getByRole('textbox').press('Enter');
    await page.getByTestId('queued-reply').waitFor();
    // Kept on the device a moment after the conversation stops changing.
    await page.getByRole('button', { name: 'Conversations (1)' }).waitFor();
    await page.reload();
    await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
    await page
      .locator('li[data-role="user"]')
      .getByText('Tafadhali tuma ujumbe huu baadaye, rafiki yangu.')
      .waitFor();
    await page.getByTestId('queued-reply').waitFor();

    await context.setOffline(false);
    await page.getByTestId('queued-reply').waitFor({ state: 'detached', timeout: 20_000 });
    const answer = page.locator('li[data-role="assistant"]:not([aria-busy])').last();
    await answer.locator('p[lang]').first().waitFor({ timeout: 20_000 });
    assert.equal(await page.getByText('Translation failed').count(), 0);
    await context.close();
  });
});

/** Chromium's install offer as a page sees it, with a prompt() that records being called. */
const offerInstall = (page) =>
  page.evaluate(() => {
    const offer = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(offer, {
      prompt: async () => {
        window.sessionStorage.setItem('install-prompted', 'yes');
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });

for (const viewport of BOTH_SIZES) {
  describe(`the header and the menu (${viewport.width}px)`, () => {
    /** The header's entries on a wide screen; the menu's (opened here) on a phone. */
    const entries = async (page) => {
      if (viewport.width >= 768) return page.getByRole('navigation', { name: 'Main' });
      await page.getByRole('button', { name: 'Open menu' }).click();
      return page.getByRole('dialog', { name: 'Menu' });
    };

    it('opens the conversations from any page', async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      await page.getByRole('textbox').fill('Good morning, my friend.');
      await page.getByRole('textbox').press('Enter');
      await page.locator('li[data-role="assistant"]:not([aria-busy])').waitFor();
      await page.getByRole('button', { name: 'Conversations (1)' }).waitFor();
      await openApp(page, '/about');
      await (await entries(page)).getByRole('button', { name: 'Conversations' }).click();
      const list = page.getByRole('dialog', { name: 'Your conversations' });
      await list.waitFor();
      await list.getByText('Good morning, my friend.').waitFor();
      assert.equal(new URL(page.url()).pathname, '/');
      assert.deepEqual(problems, []);
      await context.close();
    });

    it('offers "Install app" only while the browser offers to install', async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      let menu = await entries(page);
      assert.equal(await menu.getByRole('button', { name: 'Install app' }).count(), 0);
      if (viewport.width < 768) await page.getByRole('button', { name: 'Close menu' }).click();

      await offerInstall(page);
      menu = await entries(page);
      await menu.getByRole('button', { name: 'Install app' }).click();
      await eventually(async () =>
        assert.equal(await page.evaluate(() => window.sessionStorage.getItem('install-prompted')), 'yes'),
      );
      // The offer is spent: the entry goes until the browser offers again.
      menu = viewport.width < 768 ? await entries(page) : menu;
      assert.equal(await menu.getByRole('button', { name: 'Install app' }).count(), 0);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}

describe('a new release', () => {
  let server;
  let dist;
  before(async () => {
    // A copy of the build the test can change, served by a server of its own.
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'sema-dist-'));
    await fs.cp(new URL('../dist/', import.meta.url), dist, { recursive: true });
    server = await startSemaServer({ SEMA_WEB_DIST: dist, SEMA_CHAT_PROVIDER: 'none' });
  });
  after(async () => {
    await server?.stop();
    if (dist) await fs.rm(dist, { recursive: true, force: true });
  });

  it('waits for the person: "Update available", then Reload switches to it', async () => {
    const { context, page, problems } = await newPage(browser, { viewport: PHONE, baseURL: server.url });
    await openApp(page, '/');
    await untilControlled(page);
    await page.getByRole('textbox').fill('A draft that must not be lost');

    // A new release: a different service worker script on the server.
    const sw = path.join(dist, 'sw.js');
    await fs.writeFile(sw, `${await fs.readFile(sw, 'utf8')}\n// release 2\n`);
    await fs.rm(`${sw}.br`, { force: true });
    await fs.rm(`${sw}.gz`, { force: true });
    await page.evaluate(() => window.sessionStorage.setItem('before-update', 'yes'));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await prompt.waitFor({ timeout: 20_000 });
    // Nothing changed under the person meanwhile.
    assert.equal(await page.getByRole('textbox').inputValue(), 'A draft that must not be lost');
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');

    const navigated = page.waitForEvent('framenavigated');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await navigated;
    await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
    await eventually(async () => {
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null,
      );
      assert.equal(waiting, null, 'the new release is the active one');
    });
    assert.equal(await page.getByText('Update available').count(), 0);
    // The draft survives the switch (it is kept on the device).
    assert.equal(await page.getByRole('textbox').inputValue(), 'A draft that must not be lost');
    assert.equal(await page.evaluate(() => document.readyState), 'complete');
    assert.deepEqual(problems, []);
    await context.close();
  });
});
