import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { launchBrowser, newPage, openApp } from './lib/browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

const withHeader = [
  { path: '/', heading: 'Welcome to Sema' },
  { path: '/about', heading: 'About Sema' },
  { path: '/developer', heading: 'API Documentation' },
  { path: '/no-such-page', heading: 'Page not found' },
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
      await openApp(page, route.path);
      await page.getByRole('heading', { level: 1, name: route.heading }).waitFor();
      assert.equal(await page.getByRole('banner').count(), 1, 'the header is shown');
      assert.equal(await page.getByRole('link', { name: 'Sema home' }).getAttribute('href'), '/');
      assert.deepEqual(problems, []);
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
});
