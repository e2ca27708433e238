// The spec's lines that only show in particular situations, and what a first-time visitor meets,
// in Chromium against the real server (tiny NLLB model, real detector, local tiny chat model).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { browserDuringTests, logIn, newPage, openApp, PHONE, status } from './lib/browser.mjs';

const NETWORK = 'Network error. Please check your connection.';
const SWAHILI = 'Habari za asubuhi, rafiki yangu. Watoto wanakwenda shuleni leo asubuhi.';

const browser = browserDuringTests();

const reply = (page) => page.locator('li[data-role="assistant"]:not([aria-busy])');

async function send(page, text) {
  await page.getByRole('textbox').fill(text);
  await page.getByRole('textbox').press('Enter');
}

async function chatMode(page) {
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Chat' }).click();
}

describe('when the browser loses the server', () => {
  it("translate and chat both say 'Network error. Please check your connection.'", async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    // Chat's code is fetched while still online (switching to chat mode preloads it).
    await chatMode(page);
    await page.waitForLoadState('networkidle');
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Translate' }).click();
    // The device still has a network, but the server cannot be reached (with no network at all, a
    // message waits for the connection instead: installable.spec.mjs).
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));

    await send(page, 'Good morning, my friend.');
    const translation = reply(page).first();
    await translation.getByText('Translation failed', { exact: true }).waitFor();
    await translation.getByText('Translation failed. Please try again.').waitFor();
    await translation.getByText(NETWORK).waitFor();

    await chatMode(page);
    await send(page, 'Good morning, my friend.');
    const chat = reply(page).nth(1).getByRole('alert');
    await chat.getByText('Chat failed. Please try again.').waitFor();
    await chat.getByText(NETWORK).waitFor();
    assert.equal(await page.getByText('Network error occurred').count(), 0);
    await context.close();
  });

  it("a part of the app that cannot be fetched ends the send with 'An error occurred during processing'", async () => {
    const { context, page } = await newPage(browser);
    // The chat code (loaded on first use) cannot be fetched.
    await page.route(/\/assets\/chat-[\w-]+\.js$/, (route) => route.abort('connectionfailed'));
    await openApp(page, '/');
    await chatMode(page);
    await send(page, 'Hello there, how are you today?');
    const failed = reply(page).getByRole('alert');
    await failed.getByText('An error occurred during processing').waitFor();
    await failed
      .getByText('Part of the app could not be downloaded. Reload the page and try again.')
      .waitFor();
    await context.close();
  });
});

describe('the language picker', () => {
  it("a tab that hides the search's languages says 'No languages found for {filter}'", async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    await page.getByTestId('target-language').click();
    const dialog = page.getByRole('dialog', { name: 'Select Target Language' });
    await dialog.getByRole('tab', { name: 'Europe' }).click();
    await dialog.getByRole('combobox', { name: 'Search languages' }).fill('swahili');
    await dialog.getByText('No languages found for Europe', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Search all languages' }).click();
    await dialog.getByRole('option', { name: /^Swahili/ }).waitFor();

    await dialog.getByRole('combobox', { name: 'Search languages' }).fill('zzzz');
    await dialog.getByText('No languages found matching "zzzz"', { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // Auto Detect is not a language of Europe: it is not counted there unless the search asks for it.
    await page.getByTestId('source-language').click();
    const source = page.getByRole('dialog', { name: 'Select Source Language' });
    await source.getByRole('option', { name: 'Auto Detect' }).waitFor();
    await source.getByRole('tab', { name: 'Europe' }).click();
    await source.getByRole('option', { name: /^French/ }).waitFor();
    assert.equal(await source.getByRole('option', { name: 'Auto Detect' }).count(), 0);
    await source.getByRole('combobox', { name: 'Search languages' }).fill('swahili');
    await source.getByText('No languages found for Europe', { exact: true }).waitFor();
    await source.getByRole('combobox', { name: 'Search languages' }).fill('detect');
    await source.getByRole('option', { name: 'Auto Detect' }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('shows language names, not codes, while the list cannot be had', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await page.route('**/api/v1/languages', (route) => route.abort('connectionfailed'));
    await openApp(page, '/');
    await page.getByTestId('target-language').getByText('English', { exact: true }).waitFor();
    assert.equal(await page.getByText('eng_Latn').count(), 0);
    // The picker still says why it has no list.
    await page.getByTestId('target-language').click();
    await page.getByRole('dialog').getByText(NETWORK).waitFor();
    await context.close();
  });
});

describe('translate mode', () => {
  it('names the language while it is typed, keeps two quick sends, and keeps a history', async () => {
    if ((await status()).engines.translation.state !== 'ready') return;
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    await page.getByRole('textbox').fill(SWAHILI);
    await page.getByTestId('live-detection').getByText('Swahili').waitFor();
    await page.getByRole('button', { name: 'Source language: Auto Detect (Swahili detected)' }).waitFor();

    // Two sends in a row: the second does not wipe the first. (Both are into English, so neither is
    // English: English text would be held as already in the target language.)
    await page.getByRole('textbox').press('Enter');
    await send(page, "Bonjour mon ami. Les enfants vont à l'école ce matin.");
    const replies = reply(page);
    await replies.nth(1).getByTestId('detected-language').waitFor({ timeout: 30_000 });
    for (const index of [0, 1]) {
      const text = await replies.nth(index).locator('p[lang]').first().textContent();
      assert.ok(text.trim().length > 0, `reply ${index + 1} has its translation`);
    }
    assert.equal(await page.getByText(/Cancelled/).count(), 0);
    // The confidence the server sent is shown with the detected language.
    assert.match(
      await replies.first().getByTestId('detected-language').textContent(),
      /^Detected language: Swahili · Kiswahili \(confidence \d{1,3} %\)$/,
    );

    // History: both (newest answer first: the two ran at once, so either may be); remove one;
    // clear all after confirming.
    await page.getByRole('button', { name: 'History (2)' }).click();
    const history = page.getByRole('dialog', { name: 'Recent translations' });
    const items = history.getByTestId('history-items').locator('li');
    // The dialog's list renders after it opens: counted once its second entry is there.
    await items.nth(1).waitFor();
    assert.equal(await items.count(), 2);
    const listed = (await items.allTextContents()).join('\n');
    assert.match(listed, /Bonjour mon ami/);
    assert.match(listed, /Habari za asubuhi/);
    await history.getByRole('button', { name: /^Remove "Bonjour/ }).click();
    assert.equal(await items.count(), 1);
    await history.getByRole('button', { name: 'Clear history' }).click();
    await history.getByText('Clear the translation?').waitFor();
    await history.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('button', { name: /^History/ }).waitFor({ state: 'detached' });

    // A new conversation clears the screen and the translation's result.
    await page.getByRole('button', { name: 'New conversation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Sema' }).waitFor();
    assert.equal(await page.locator('li[data-role]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a number with Auto Detect asks for the language in plain words', async () => {
    if ((await status()).engines.translation.state !== 'ready') return;
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await send(page, '12345 678');
    const failed = reply(page);
    await failed
      .getByText('Auto Detect could not tell what language this is. Choose the language of your text.')
      .waitFor();
    // The server's wording for API clients is only behind Details, folded away.
    const technical = failed.getByText(/source_language/);
    assert.ok((await technical.count()) === 0 || !(await technical.isVisible()));
    await context.close();
  });

  it('the length limit shows before it is reached and stops the send at it', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    const { limits } = await status();
    const limit = limits.max_text_chars;
    const box = page.getByRole('textbox');
    await box.fill('a'.repeat(Math.floor(limit / 2)));
    assert.equal(await page.getByTestId('length-counter').count(), 0);
    await box.fill('a'.repeat(limit - 100));
    await page
      .getByTestId('length-counter')
      .getByText(`${(limit - 100).toLocaleString('en')} / ${limit.toLocaleString('en')}`)
      .waitFor();
    await box.fill('a'.repeat(limit + 500));
    await page
      .getByRole('alert')
      .getByText(`Text is too long: ${limit + 500} characters (the limit is ${limit} per request)`)
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Send' }).isDisabled(), true);
    await box.press('Enter');
    assert.equal(await page.locator('li[data-role="user"]').count(), 0);
    await context.close();
  });
});

describe('sign-in', () => {
  it('the login page names the demo accounts, and an account made at sign-up signs in again', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/login');
    const demo = page.getByTestId('demo-accounts');
    await demo.getByText('demo@example.com · demo1234').waitFor();
    await demo.getByText('test@example.com · test1234').waitFor();

    await openApp(page, '/signup');
    await page.getByLabel('Full Name').fill('Amina Njeri');
    await page.getByLabel('Email').fill('Amina@Example.com');
    await page.getByLabel('Password', { exact: true }).fill('mchele-na-maharage');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Amina Njeri' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    // The password itself is never stored.
    const stored = await page.evaluate(() => localStorage.getItem('sema_accounts'));
    assert.equal(stored?.includes('mchele'), false);

    await page.getByRole('link', { name: 'Login' }).click();
    await logIn(page, 'amina@example.com', 'wrong password');
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
    await logIn(page, 'amina@example.com', 'mchele-na-maharage');
    await page.getByRole('button', { name: 'Amina Njeri' }).waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });
});
