#!/usr/bin/env node
/* global window -- used inside page.addInitScript, which runs in the browser */
// Screenshots for the README: home, language picker, developer, login and profile pages, at desktop and phone
// sizes, written to docs/screenshots/. Run through `node e2e/run.mjs --screenshots` (which starts the
// server); SCREENSHOT_DIR writes elsewhere, and SCREENSHOT_EXTRA=1 adds review-only states.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DESKTOP, launchBrowser, newPage, openApp, PHONE } from './lib/browser.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outDir = process.env.SCREENSHOT_DIR ?? path.join(repoRoot, 'docs/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const sizes = { desktop: DESKTOP, phone: PHONE };

const shots = {
  home: async (page) => openApp(page, '/'),
  picker: async (page) => {
    await openApp(page, '/');
    await page.getByTestId('target-language').click();
    await page
      .getByRole('dialog', { name: 'Select Target Language' })
      .getByRole('tab', { name: 'Africa' })
      .click();
    await page.waitForTimeout(300);
  },
  developer: async (page) => openApp(page, '/developer'),
  login: async (page) => openApp(page, '/login'),
  profile: async (page) => {
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'sema_user',
        JSON.stringify({ email: 'amina@example.com', isLoggedIn: true, name: 'Amina Njeri' }),
      ),
    );
    await openApp(page, '/profile');
  },
};

const extra = {
  conversation: async (page) => {
    await openApp(page, '/');
    for (const [text, target] of [
      ['Good morning! How are you today?', 'Swahili'],
      ['مرحبا، كيف حالك؟', 'French'],
    ]) {
      await page.getByTestId('target-language').click();
      await page.getByRole('combobox', { name: 'Search languages' }).fill(target);
      await page.keyboard.press('Enter');
      await page.getByRole('textbox').fill(text);
      await page.getByRole('textbox').press('Enter');
      await page.locator('li[data-role="assistant"]:not([aria-busy])').last().waitFor();
    }
    await page.getByRole('textbox').fill('A file is staged below');
  },
  about: async (page) => openApp(page, '/about'),
  signup: async (page) => openApp(page, '/signup'),
  'not-found': async (page) => openApp(page, '/somewhere'),
  'source-picker-search': async (page) => {
    await openApp(page, '/');
    await page.getByTestId('source-language').click();
    await page.getByRole('combobox', { name: 'Search languages' }).fill('ti');
    await page.waitForTimeout(400);
  },
  'settings-menu': async (page) => {
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Settings' }).click();
  },
  'menu-signed-in': async (page) => {
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'sema_user',
        JSON.stringify({ email: 'amina@example.com', isLoggedIn: true, name: 'Amina Njeri' }),
      ),
    );
    await openApp(page, '/');
    const phone = page.viewportSize().width < 600;
    await page.getByRole('button', { name: phone ? 'Open menu' : 'Amina Njeri' }).click();
  },
};

const browser = await launchBrowser();
try {
  const all = process.env.SCREENSHOT_EXTRA ? { ...shots, ...extra } : shots;
  for (const [name, prepare] of Object.entries(all)) {
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      const { context, page, problems } = await newPage(browser, { viewport });
      await prepare(page);
      const file = path.join(outDir, `${name}-${sizeName}.png`);
      await page.screenshot({ path: file });
      console.log(
        `wrote ${path.relative(repoRoot, file)}${problems.length ? ` (problems: ${problems.join('; ')})` : ''}`,
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
}
