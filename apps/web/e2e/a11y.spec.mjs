import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';

import { launchBrowser, newPage, openApp, PHONE } from './lib/browser.mjs';

const require = createRequire(import.meta.url);
const { AxeBuilder } = require('@axe-core/playwright');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => browser?.close());

/** Every axe rule (WCAG A/AA and best practices); a violation is listed with its nodes. */
async function violations(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
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
    await openApp(page, '/');
    await page.getByTestId('source-language').click();
    await page.getByRole('dialog', { name: 'Select Source Language' }).getByRole('option').nth(3).waitFor();
    assert.deepEqual(await violations(page), []);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    assert.deepEqual(await violations(page), []);
    await page.keyboard.press('Escape');
    await page.getByRole('textbox').fill('Hello');
    await page.keyboard.press('Enter');
    await page.locator('li[data-role="assistant"]:not([aria-busy])').waitFor();
    assert.deepEqual(await violations(page), []);
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
