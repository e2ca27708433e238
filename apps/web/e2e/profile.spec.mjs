/* global document, getComputedStyle -- used inside page.evaluate, which runs in the browser */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';

import {
  browserDuringTests,
  eventually,
  logIn,
  newPage,
  openApp,
  pageWidth,
  PHONE,
  signInLocally,
} from './lib/browser.mjs';

const require = createRequire(import.meta.url);
const { AxeBuilder } = require('@axe-core/playwright');

const browser = browserDuringTests();

const pathname = (page) => new URL(page.url()).pathname;
const storedUser = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('sema_user') ?? 'null'));

async function violations(page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

describe('the profile page', () => {
  it('log in → menu → Profile → a new name shows in the header at once and after a reload', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    await page.getByRole('link', { name: 'Login' }).click();
    await logIn(page, 'demo@example.com', 'demo1234');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();

    await page.getByRole('button', { name: 'demo', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    assert.equal(pathname(page), '/profile');
    assert.equal(await page.title(), 'Profile · Sema');
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1);
    assert.equal(await page.getByTestId('profile-name').textContent(), 'demo');
    assert.equal(await page.getByTestId('avatar-initial').textContent(), 'D');
    await page.getByText('demo@example.com', { exact: true }).waitFor();
    assert.deepEqual(await violations(page), []);

    const field = page.getByRole('textbox', { name: 'Display name' });
    await field.fill('  Amina Njeri  ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved. You are shown as Amina Njeri.').waitFor();
    await page.getByRole('button', { name: 'Amina Njeri' }).waitFor();
    assert.deepEqual(await storedUser(page), {
      email: 'demo@example.com',
      isLoggedIn: true,
      name: 'Amina Njeri',
    });

    await openApp(page, '/profile');
    await page.getByRole('button', { name: 'Amina Njeri' }).waitFor();
    assert.equal(await field.inputValue(), 'Amina Njeri');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a name that is too long is refused with an error that is announced and passes axe', async () => {
    const { context, page } = await newPage(browser);
    await signInLocally(context, { email: 'kofi@example.com', isLoggedIn: true, name: 'Kofi' });
    await openApp(page, '/profile');
    const field = page.getByRole('textbox', { name: 'Display name' });
    await field.fill('K'.repeat(60));
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .getByText('Display name is too long: 60 characters (at most 50).')
      .waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal((await storedUser(page)).name, 'Kofi');
    assert.deepEqual(await violations(page), []);

    // Emptied, the name from the email shows again.
    await field.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved. Your name now comes from your email: kofi.').waitFor();
    await page.getByRole('button', { name: 'kofi', exact: true }).waitFor();
    assert.deepEqual(await storedUser(page), { email: 'kofi@example.com', isLoggedIn: true });
    await context.close();
  });

  it('the keyboard reaches the field and Save with a visible focus ring', async () => {
    const { context, page } = await newPage(browser);
    await signInLocally(context);
    await openApp(page, '/profile');
    const field = page.getByRole('textbox', { name: 'Display name' });
    for (let i = 0; i < 20 && !(await field.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    const ring = (locator) => locator.evaluate((el) => getComputedStyle(el).outlineStyle);
    assert.equal(await ring(field), 'solid');
    await page.keyboard.press('Tab');
    const save = page.getByRole('button', { name: 'Save' });
    assert.equal(await save.evaluate((el) => el === document.activeElement), true);
    assert.equal(await ring(save), 'solid');
    await context.close();
  });

  it('signed out, /profile sends the visitor to the login page', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/profile');
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    assert.equal(pathname(page), '/login');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('Sign Out on the page, or in the header while on it, forgets the record and goes home', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    for (const via of ['page', 'header']) {
      await page.evaluate(() =>
        localStorage.setItem('sema_user', JSON.stringify({ email: 'lin@example.com', isLoggedIn: true })),
      );
      await openApp(page, '/profile');
      if (via === 'page') {
        await page
          .getByRole('region', { name: 'Sign out' })
          .getByRole('button', { name: 'Sign Out' })
          .click();
      } else {
        await page.getByRole('button', { name: 'lin', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Sign Out' }).click();
      }
      await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();
      assert.equal(pathname(page), '/', `Sign Out from the ${via}`);
      assert.equal(await page.evaluate(() => localStorage.getItem('sema_user')), null);
      await page.getByRole('link', { name: 'Login' }).waitFor();
    }
    await context.close();
  });

  it('a name changed here survives signing out and in again, for a sign-up account and a demo account', async () => {
    const { context, page, problems } = await newPage(browser);
    const signIn = async (email, password) => {
      await openApp(page, '/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();
    };
    const renameAndSignOut = async (name) => {
      await openApp(page, '/profile');
      await page.getByRole('textbox', { name: 'Display name' }).fill(name);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name, exact: true }).waitFor();
      await page.getByRole('region', { name: 'Sign out' }).getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('link', { name: 'Login' }).waitFor();
    };

    await openApp(page, '/signup');
    await page.getByLabel('Full Name').fill('Wanjiru');
    await page.getByLabel('Email').fill('wanjiru@example.com');
    await page.getByLabel('Password', { exact: true }).fill('chai-ya-asubuhi');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Wanjiru', exact: true }).waitFor();
    await renameAndSignOut('Wanjiru Kamau');
    await signIn('wanjiru@example.com', 'chai-ya-asubuhi');
    await page.getByRole('button', { name: 'Wanjiru Kamau', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Wanjiru Kamau', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();

    await signIn('demo@example.com', 'demo1234');
    await renameAndSignOut('Demo Tester');
    await signIn('demo@example.com', 'demo1234');
    await page.getByRole('button', { name: 'Demo Tester', exact: true }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('another open tab follows a rename', async () => {
    const { context, page } = await newPage(browser);
    await signInLocally(context, { email: 'wanjiru@example.com', isLoggedIn: true });
    await openApp(page, '/profile');
    const other = await context.newPage();
    await openApp(other, '/');
    await other.getByRole('button', { name: 'wanjiru' }).waitFor();

    await page.getByRole('textbox', { name: 'Display name' }).fill('Wanjiru Kamau');
    await page.getByRole('button', { name: 'Save' }).click();
    await other.getByRole('button', { name: 'Wanjiru Kamau' }).waitFor();
    await context.close();
  });
});

describe('the profile page on a 360 px phone', () => {
  it('is reached from the menu, takes a right-to-left name, and never scrolls sideways', async () => {
    const { context, page, problems } = await newPage(browser, { viewport: PHONE });
    // The longest name the form allows, without a single space, and a long email: both must wrap.
    await signInLocally(context, {
      email: 'a.very.long.mailbox.name.for.testing.wrapping@an-unusually-long-domain.example.org',
      isLoggedIn: true,
      name: 'W'.repeat(50),
    });
    await openApp(page, '/');
    // The home page greets the user by name: that must wrap too.
    assert.ok((await pageWidth(page)) <= PHONE.width, `home is ${await pageWidth(page)} px wide`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    assert.equal(await page.getByRole('dialog').count(), 0, 'choosing Profile closes the menu');
    assert.ok((await pageWidth(page)) <= PHONE.width, `page is ${await pageWidth(page)} px wide`);

    await page.getByRole('textbox', { name: 'Display name' }).fill('مريم الحسن');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('مريم الحسن').waitFor();
    const name = page.getByTestId('profile-name');
    await eventually(async () => assert.equal(await name.textContent(), 'مريم الحسن'));
    // dir="auto": the name is laid out right to left inside a left-to-right page.
    assert.equal(await name.evaluate((el) => getComputedStyle(el).direction), 'rtl');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('display-name-mobile').getByText('مريم الحسن').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('textbox', { name: 'Display name' }).fill('x'.repeat(80));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').waitFor();
    assert.ok((await pageWidth(page)) <= PHONE.width, `with the error: ${await pageWidth(page)} px`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
