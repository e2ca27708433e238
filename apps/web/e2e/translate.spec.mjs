import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { browserDuringTests, newPage, openApp, status } from './lib/browser.mjs';

const browser = browserDuringTests();

describe('translate mode, end to end', () => {
  it('sends text → a user message, a loading reply, then the translation (or the spec error)', async () => {
    const { context, page, problems } = await newPage(browser);
    const translationReady = (await status()).engines.translation.state === 'ready';
    await openApp(page, '/');
    await page.getByRole('textbox').fill('Good morning, my friend.');
    await page.getByTestId('target-language').click();
    await page.getByRole('combobox', { name: 'Search languages' }).fill('swahili');
    await page.getByRole('option', { name: /^Swahili/ }).click();
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/translate'));
    await page.getByRole('textbox').press('Enter');

    const user = page.locator('li[data-role="user"]');
    await user.getByText('Good morning, my friend.').waitFor();
    await user
      .locator('time')
      .getByText(/^\d{1,2}:\d{2}(\s?[AP]M)?$/)
      .waitFor();
    const reply = page.locator('li[data-role="assistant"]');
    await reply.waitFor();
    const response = await answered;

    if (translationReady) {
      assert.equal(response.status(), 200);
      const body = await response.json();
      await reply.getByText(body.translated_text, { exact: true }).waitFor();
      // Auto Detect was the source: the reply names the detected language.
      await reply
        .getByTestId('detected-language')
        .getByText(/Detected language: /)
        .waitFor();
      assert.equal(body.target_language, 'swh_Latn');
    } else {
      await reply.getByText('Translation failed', { exact: true }).waitFor();
      await reply.getByText('Translation failed. Please try again.').waitFor();
    }
    assert.deepEqual(
      problems.filter((problem) => !problem.includes('503')),
      [],
    );
    await context.close();
  });

  for (const { locale, clock } of [
    { locale: 'en-US', clock: /^\d{1,2}:\d{2}\s[AP]M$/ },
    { locale: 'en-GB', clock: /^\d{2}:\d{2}$/ },
  ]) {
    it(`message times are hour:minute as the list of conversations writes them, in the locale (${locale})`, async () => {
      const { context, page } = await newPage(browser, { locale });
      await openApp(page, '/');
      await page.getByRole('textbox').fill('The bridge opens at noon.');
      await page.getByRole('textbox').press('Enter');
      const time = await page.locator('li[data-role="user"] time').textContent();
      assert.match(time ?? '', clock);
      await page.getByRole('button', { name: /^Conversations \(1\)/ }).click();
      const listed = await page.getByRole('dialog', { name: 'Your conversations' }).textContent();
      assert.ok(listed?.includes(time ?? '-'), `${time} in ${listed}`);
      await context.close();
    });
  }

  it('an explicit source language is sent as is, and no "detected" line is shown', async () => {
    const translationReady = (await status()).engines.translation.state === 'ready';
    if (!translationReady) return;
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await page.getByTestId('source-language').click();
    await page.getByRole('combobox', { name: 'Search languages' }).fill('eng_latn');
    await page.keyboard.press('Enter');
    await page.getByTestId('target-language').click();
    await page.getByRole('combobox', { name: 'Search languages' }).fill('fra_latn');
    await page.keyboard.press('Enter');
    await page.getByRole('textbox').fill('Thank you');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/translate'));
    await page.getByRole('button', { name: 'Send' }).click();
    assert.deepEqual((await request).postDataJSON(), {
      text: 'Thank you',
      target_language: 'fra_Latn',
      source_language: 'eng_Latn',
    });
    const reply = page.locator('li[data-role="assistant"]');
    await reply.locator('p[lang="fr-Latn"]').waitFor();
    assert.equal(await reply.getByTestId('detected-language').count(), 0);
    await context.close();
  });

  it('English typed under Auto Detect → English is not echoed back: the app says so and offers a target', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    let translateCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/translate')) translateCalls += 1;
    });
    await page.getByRole('textbox').fill('Good morning, my friend. The weather is lovely today.');
    const notice = page.getByTestId('same-language-notice');
    await notice
      .getByText('This text is already in English. Choose the language to translate it into.')
      .waitFor();
    const send = page.getByRole('button', { name: 'Send' });
    // The screen holds Send once it hears of the notice (a render after it): wait for that.
    const sendHeld = async (/** @type {boolean} */ held) =>
      page.waitForFunction(
        ([button, want]) => /** @type {HTMLButtonElement} */ (button).disabled === want,
        [await send.elementHandle(), held],
        {
          timeout: 5_000,
        },
      );
    await sendHeld(true);
    await page.getByRole('textbox').press('Enter');
    assert.equal(await page.locator('li[data-role="user"]').count(), 0);

    await notice.getByRole('button', { name: 'Choose language' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Target Language' });
    await picker.getByRole('combobox', { name: 'Search languages' }).fill('french');
    await page.keyboard.press('Enter');
    await notice.waitFor({ state: 'detached' });
    await sendHeld(false);
    assert.equal(translateCalls, 0);

    // An explicit source equal to the target is held the same way.
    await page.getByTestId('source-language').click();
    await page.getByRole('combobox', { name: 'Search languages' }).fill('fra_latn');
    await page.keyboard.press('Enter');
    await notice.getByText('This text is already in French.', { exact: false }).waitFor();
    await sendHeld(true);
    await context.close();
  });

  it('a near runner-up of Auto Detect is offered under the bar, and one tap makes it the source', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    // Two words Kinyarwanda and Kirundi write alike: the real detector leaves the two near.
    await page.getByRole('textbox').fill('umuntu wese');
    const near = page.getByTestId('detected-near');
    await near.getByText('Detected Kinyarwanda, but it could be Rundi.').waitFor();
    await near.getByRole('button', { name: 'Use Rundi' }).click();
    await page.getByTestId('source-language').getByText('Rundi').waitFor();
    assert.equal(await near.count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('right-to-left text reads right to left in the input and the messages', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    const box = page.getByRole('textbox');
    await box.fill('مرحبا بكم في سيما');
    assert.equal(await box.evaluate((element) => element.matches(':dir(rtl)')), true);
    await page.keyboard.press('Enter');
    const message = page.locator('li[data-role="user"] p[dir="auto"]');
    assert.equal(await message.evaluate((element) => element.matches(':dir(rtl)')), true);
    await context.close();
  });
});
