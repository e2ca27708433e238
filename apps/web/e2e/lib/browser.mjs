/* global window, document, requestAnimationFrame -- used inside page.evaluate, which runs in the browser */
// Shared e2e helpers: one Chromium per spec file, pages that wait for the app behind the splash,
// and a record of every request so a test can prove nothing left our origin.
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { CHROMIUM_ARGS, chromiumPath } from '../../../../scripts/lib/chromium.mjs';
import { waitFor } from '@sema/testkit/wait-for';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');

export const BASE_URL = process.env.SEMA_E2E_URL ?? 'http://127.0.0.1:3000';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
/** The sizes a spec checks a layout at: phone first, then desktop. */
export const BOTH_SIZES = [PHONE, DESKTOP];

export async function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * The browser the tests of one spec share: launched before them, closed after them. What it
 * returns opens contexts on it (all `newPage` needs).
 */
export function browserDuringTests() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser?.close());
  return { newContext: (options) => browser.newContext(options) };
}

/**
 * A fresh context and page. `problems` collects page errors, console errors and requests to any
 * other origin; tests assert it stays empty.
 */
/**
 * @param {Pick<import('playwright-core').Browser, 'newContext'>} browser
 * @param {{ viewport?: { width: number, height: number }, permissions?: string[], baseURL?: string, colorScheme?: 'light' | 'dark', locale?: string }} [options]
 */
export async function newPage(
  browser,
  { viewport = DESKTOP, permissions = [], baseURL = BASE_URL, colorScheme = 'light', locale } = {},
) {
  const phone = viewport.width < 600;
  const context = await browser.newContext({
    viewport,
    isMobile: phone,
    hasTouch: phone,
    permissions,
    baseURL,
    colorScheme,
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  const problems = [];
  const origin = new URL(baseURL).origin;
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`request to another host: ${url}`);
    }
  });
  return { context, page, problems };
}

/** How wide the page is, scrolled content included: above the viewport's width means sideways scrolling. */
export const pageWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Opens a route and waits until the splash has gone and the app is interactive. */
export async function openApp(page, path = '/') {
  await page.goto(path);
  await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
}

/** Picks the target language `name` in the picker, by searching for it. */
export async function chooseTarget(page, name) {
  await page.getByTestId('target-language').click();
  const search = page.getByRole('combobox', { name: 'Search languages' });
  await search.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await search.waitFor({ state: 'detached' });
}

/**
 * Stores a signed-in user record the way the app does, before the app starts.
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ email: string, isLoggedIn: boolean, name?: string }} [record]
 */
export async function signInLocally(
  context,
  record = { email: 'amina@example.com', isLoggedIn: true, name: 'Amina' },
) {
  await context.addInitScript((value) => {
    window.localStorage.setItem('sema_user', JSON.stringify(value));
  }, record);
}

/**
 * Fills in the login form and submits it, as a person signing in does.
 * @param {import('playwright-core').Page} page
 * @param {string} email
 * @param {string} password
 */
export async function logIn(page, email, password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function status() {
  const response = await fetch(`${BASE_URL}/api/v1/status`);
  return response.json();
}

/** Retries `check` until it stops throwing or the time is up (assertions on a live page). */
export async function eventually(check, { timeoutMs = 5000, intervalMs = 50 } = {}) {
  let failure;
  const passed = await waitFor(
    async () => {
      try {
        return { value: await check() };
      } catch (error) {
        failure = error;
        return undefined;
      }
    },
    { timeout: timeoutMs, interval: intervalMs, what: 'a check on the page to pass' },
  ).catch(() => undefined);
  if (!passed) throw failure;
  return passed.value;
}

/**
 * Resolves once the page has rendered a frame and run a task after it: what an action queued
 * (a layout, a font load it starts, a handler) has happened by then. For checks that something
 * did NOT happen, instead of waiting a fixed time.
 */
export async function afterNextFrame(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}
