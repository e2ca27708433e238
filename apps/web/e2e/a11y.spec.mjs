/* global document, getComputedStyle -- used inside page.evaluate, which runs in the browser */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';

import { BOTH_SIZES, browserDuringTests, newPage, openApp, PHONE } from './lib/browser.mjs';

const require = createRequire(import.meta.url);
const { AxeBuilder } = require('@axe-core/playwright');

const browser = browserDuringTests();

/** Every axe rule (WCAG A/AA and best practices); a violation is listed with its nodes. */
async function violations(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * On the home page: the open `side` language picker, then the settings menu, then a conversation
 * with one answer, each without axe violations.
 * @param {import('playwright-core').Page} page
 * @param {'source' | 'target'} side
 */
async function pickerMenuAndConversationPass(page, side) {
  await openApp(page, '/');
  await page.getByTestId(`${side}-language`).click();
  const name = `Select ${side === 'source' ? 'Source' : 'Target'} Language`;
  await page.getByRole('dialog', { name }).getByRole('option').nth(3).waitFor();
  assert.deepEqual(await violations(page), []);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Settings' }).click();
  assert.deepEqual(await violations(page), []);
  await page.keyboard.press('Escape');
  await page.getByRole('textbox').fill('Hello');
  await page.keyboard.press('Enter');
  await page.locator('li[data-role="assistant"]:not([aria-busy])').waitFor();
  assert.deepEqual(await violations(page), []);
}

describe('accessibility (axe-core)', () => {
  for (const path of ['/', '/about', '/developer', '/login', '/signup', '/forgot-password', '/missing']) {
    it(`${path} has no violations`, async () => {
      const { context, page } = await newPage(browser);
      await openApp(page, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.deepEqual(await violations(page), []);
      await context.close();
    });
  }

  it('the open language picker, the settings menu and a conversation have no violations', async () => {
    const { context, page } = await newPage(browser);
    await pickerMenuAndConversationPass(page, 'source');
    await context.close();
  });

  it('the phone menu has no violations', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).waitFor();
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
});

describe('dark mode (axe-core, contrast included)', () => {
  for (const viewport of BOTH_SIZES) {
    it(`follows the system, and every page, the picker, the menu and a conversation meet contrast (${viewport.width}px)`, async () => {
      const { context, page } = await newPage(browser, { viewport, colorScheme: 'dark' });
      await openApp(page, '/');
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      // oklch(L C H) with L from 0 to 1, or rgb(r, g, b).
      const [first = 1, second = 255, third = 255] = (background.match(/[\d.]+/g) ?? []).map(Number);
      const dark = background.startsWith('oklch') ? first < 0.3 : first + second + third < 120;
      assert.ok(dark, `the page is dark (${background})`);
      for (const path of ['/about', '/developer', '/login', '/signup', '/forgot-password', '/missing']) {
        await openApp(page, path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        assert.deepEqual(await violations(page), [], path);
      }
      await pickerMenuAndConversationPass(page, 'target');
      await context.close();
    });
  }

  it('the settings toggle chooses dark on a light system, remembered after a reload, and back', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Theme: as the system' }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await page.reload();
    await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    assert.deepEqual(await violations(page), []);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Theme: dark' }).click();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    await context.close();
  });
});
