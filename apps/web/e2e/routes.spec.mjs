import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { browserDuringTests, eventually, newPage, openApp, status } from './lib/browser.mjs';

const browser = browserDuringTests();

const withHeader = [
  { path: '/', heading: 'Welcome to Sema' },
  { path: '/about', heading: 'About Sema' },
  { path: '/developer', heading: 'API Documentation' },
  // The server answers a path that is not a page with 404 (so probes never see a healthy 200), and
  // the browser reports that status once; the app still shows its own not-found page.
  { path: '/no-such-page', heading: 'Page not found', status: 404 },
];
const authPages = [
  { path: '/login', heading: 'Welcome back' },
  { path: '/signup', heading: 'Create your account' },
  { path: '/forgot-password', heading: 'Reset your password' },
];

describe('routes', () => {
  for (const route of withHeader) {
    it(`${route.path} shows its page under the shared header, loading nothing from other hosts`, async () => {
      const { context, page, problems } = await newPage(browser);
      const response = page.waitForResponse((answer) => new URL(answer.url()).pathname === route.path);
      await openApp(page, route.path);
      await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
      assert.equal((await response).status(), route.status ?? 200);
      assert.equal(await page.getByRole('banner').count(), 1, 'the header is shown');
      assert.equal(await page.getByRole('link', { name: 'Sema home' }).getAttribute('href'), '/');
      const expected = route.status
        ? [
            `console error: Failed to load resource: the server responded with a status of ${route.status} (Not Found)`,
          ]
        : [];
      assert.deepEqual(problems, expected);
      await context.close();
    });
  }

  for (const route of authPages) {
    it(`${route.path} shows its form without the shared header`, async () => {
      const { context, page, problems } = await newPage(browser);
      await openApp(page, route.path);
      await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
      assert.equal(await page.getByRole('banner').count(), 0, 'no header on auth pages');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('the splash shows the product name and a progress bar for at least 1.5 s', async () => {
    const { context, page } = await newPage(browser);
    const started = Date.now();
    await page.goto('/about');
    await page.locator('[data-splash]').getByText('Sema').waitFor();
    const bar = page.getByRole('progressbar', { name: 'Loading Sema' });
    await bar.waitFor();
    await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
    assert.ok(Date.now() - started >= 1500, `splash left after ${Date.now() - started} ms`);
    await context.close();
  });

  it('header links lead to the developer and about pages, and the logo back home', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await page.getByRole('link', { name: 'API documentation' }).click();
    await page.getByRole('heading', { level: 1, name: 'API Documentation' }).waitFor();
    await page.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Sema' }).waitFor();
    await page.getByRole('link', { name: 'Try API' }).click();
    await page.getByRole('heading', { level: 1, name: 'API Documentation' }).waitFor();
    await page.getByRole('link', { name: 'Sema home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    await context.close();
  });

  it('/developer: the code tabs, a copy checkmark for 2 s, and the limits this server reports', async () => {
    const { context, page } = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApp(page, '/developer');
    const examples = page.getByTestId('code-examples');
    assert.deepEqual(await examples.getByRole('tab').allTextContents(), [
      'cURL',
      'JavaScript',
      'Python',
      'Node.js',
    ]);
    await examples.getByRole('tab', { name: 'Python' }).click();
    await examples.getByText('import requests').waitFor();
    const copy = examples.locator('button[data-copy-state]');
    await copy.click();
    await eventually(async () => assert.equal(await copy.getAttribute('data-copy-state'), 'success'));
    assert.match(await page.evaluate(() => navigator.clipboard.readText()), /^import requests/);
    await eventually(async () => assert.equal(await copy.getAttribute('data-copy-state'), 'idle'), {
      timeoutMs: 4000,
    });

    const { limits } = await status();
    const perRequest = `Up to ${limits.max_text_chars.toLocaleString('en')} characters`;
    await page.getByTestId('limit-text-per-request').getByText(perRequest).waitFor();
    assert.equal(
      await page.getByRole('link', { name: 'Open the live API explorer' }).getAttribute('href'),
      '/api/v1/docs',
    );
    // Built without VITE_SOURCE_REPOSITORY_URL: no link that could lead nowhere.
    assert.equal(await page.getByRole('link', { name: 'Source code repository' }).count(), 0);
    // The spec's "sub-second responses", as measured on this server (nothing translated yet here,
    // or the figures of the translations other tests made).
    assert.match(
      await page.getByTestId('limit-response-time').innerText(),
      /^(Not measured yet: the model has translated nothing since the server started|(Sub-second: m|M)edian \d+(\.\d)? m?s, 95 % within \d+(\.\d)? m?s \(the last (\d+ translations|translation) the model did on this server\))$/,
    );
    await context.close();
  });
});
