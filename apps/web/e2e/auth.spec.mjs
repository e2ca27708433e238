import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { browserDuringTests, eventually, logIn, newPage, openApp, PHONE } from './lib/browser.mjs';

const browser = browserDuringTests();

describe('local sign-in', () => {
  it('sign up → the header shows the name → sign out brings Login back', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/signup');
    await page.getByText('Must be at least 8 characters').waitFor();
    await page.getByLabel('Full Name').fill('Amina Njeri');
    await page.getByLabel('Email').fill('amina@example.com');
    await page.getByLabel('Password', { exact: true }).fill('long enough');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    const profile = page.getByRole('button', { name: 'Amina Njeri' });
    await profile.waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('sema_user') ?? 'null'));
    assert.deepEqual(stored, { email: 'amina@example.com', isLoggedIn: true, name: 'Amina Njeri' });
    assert.equal(await page.getByRole('link', { name: 'Login' }).count(), 0);
    // The signed-in subtext differs from the anonymous one.
    assert.equal(await page.getByText('No signup required to get started.').count(), 0);

    await profile.click();
    await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('sema_user')), null);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a wrong login shows "Invalid email or password"; a demo account signs in', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/login');
    await logIn(page, 'demo@example.com', 'wrong-password');
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();

    await logIn(page, 'demo@example.com', 'demo1234');
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();
    // No name at login: the display name is the part of the email before the @.
    await page.getByRole('button', { name: 'demo', exact: true }).waitFor();
    await context.close();
  });

  it('the password can be shown and hidden', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/login');
    const password = page.getByLabel('Password', { exact: true });
    assert.equal(await password.getAttribute('type'), 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    assert.equal(await password.getAttribute('type'), 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    assert.equal(await password.getAttribute('type'), 'password');
    await context.close();
  });

  it('the auth pages send a signed-in user home', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await page.evaluate(() =>
      localStorage.setItem('sema_user', JSON.stringify({ email: 'x@example.com', isLoggedIn: true })),
    );
    for (const path of ['/login', '/signup', '/forgot-password']) {
      await openApp(page, path);
      await eventually(() => assert.equal(new URL(page.url()).pathname, '/'));
    }
    await context.close();
  });

  it('a malformed stored record is removed at start', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/about');
    await page.evaluate(() => localStorage.setItem('sema_user', '{not json'));
    await openApp(page, '/about');
    assert.equal(await page.evaluate(() => localStorage.getItem('sema_user')), null);
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('forgot password promises no email, says how to get back in, and links back to login', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/forgot-password');
    await page.getByText('sends no emails').waitFor();
    assert.equal(await page.getByText("we'll send you a reset link").count(), 0);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('status')
      .getByText(/^No email was sent\. To use someone@example\.com with a new password, sign up again/)
      .waitFor();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    await context.close();
  });

  it('on a phone the menu holds the name and Sign Out, and tapping the overlay closes it', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    await page.evaluate(() =>
      localStorage.setItem('sema_user', JSON.stringify({ email: 'kofi@example.com', isLoggedIn: true })),
    );
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText('kofi', { exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    await page.getByTestId('menu-overlay').click({ position: { x: 20, y: 300 } });
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Login' }).waitFor();
    await context.close();
  });

  it('a click outside the profile menu closes it', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await page.evaluate(() =>
      localStorage.setItem(
        'sema_user',
        JSON.stringify({ email: 'lin@example.com', isLoggedIn: true, name: 'Lin' }),
      ),
    );
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Lin' }).click();
    await page.getByRole('menu').waitFor();
    await page.mouse.click(100, 600);
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await context.close();
  });
});
