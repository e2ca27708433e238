/* global DataTransfer, getComputedStyle -- used inside page.evaluate, which runs in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { browserDuringTests, eventually, newPage, openApp } from './lib/browser.mjs';

const browser = browserDuringTests();

const input = (page) => page.getByRole('textbox', { name: /Text to translate|Message/ });

/** Dispatches a real drag-and-drop of a file onto the page (as a desktop browser would). */
async function dropFile(page, name, content) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'text/plain' }));
      return transfer;
    },
    { name, content },
  );
  const target = page.getByRole('textbox');
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  return { dataTransfer, target };
}

describe('input area', () => {
  it('Shift+Enter adds a line, Enter sends; the box grows to five rows at most', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    const box = input(page);
    const send = page.getByRole('button', { name: 'Send' });
    assert.equal(await send.isDisabled(), true, 'nothing to send');
    const oneRow = await box.evaluate((element) => element.getBoundingClientRect().height);
    await box.click();
    await page.keyboard.type('line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('line two');
    assert.equal(await box.inputValue(), 'line one\nline two');
    assert.ok((await box.evaluate((element) => element.getBoundingClientRect().height)) > oneRow, 'grew');
    for (let line = 3; line <= 9; line += 1) {
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type(`line ${line}`);
    }
    const tall = await box.evaluate((element) => element.getBoundingClientRect().height);
    const lineHeight = await box.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
    assert.ok(tall <= lineHeight * 5 + 24, `at most 5 rows (${tall}px)`);
    assert.equal(await send.isDisabled(), false);

    await page.keyboard.press('Enter');
    await eventually(async () => assert.equal(await box.inputValue(), ''));
    await page.locator('li[data-role="user"]').getByText('line one').waitFor();
    // The welcome heading is gone once a message is sent.
    assert.equal(await page.getByRole('heading', { name: 'Welcome to Sema' }).count(), 0);
    await context.close();
  });

  it('chat and translate modes change the placeholder; translate is the default', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    const box = input(page);
    assert.equal(await page.getByRole('button', { name: 'Translate' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await box.getAttribute('placeholder'), 'Enter text to translate or drag & drop a file');
    await page.getByRole('button', { name: 'Chat' }).click();
    assert.equal(await box.getAttribute('placeholder'), 'Message Sema or drag & drop a file...');
    assert.equal(await page.getByTestId('source-language').count(), 0, 'no translate bar in chat mode');
    await context.close();
  });

  it('a dropped file shows the overlay while dragging, then a chip, and changes the placeholder', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    const { dataTransfer, target } = await dropFile(page, 'notes.txt', 'Habari ya asubuhi');
    await page.getByTestId('drop-overlay').getByText('Drop file here').waitFor();
    await target.dispatchEvent('drop', { dataTransfer });
    await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });
    const chip = page.getByTestId('file-chip');
    await chip.getByText('notes.txt').waitFor();
    assert.equal(await input(page).getAttribute('placeholder'), 'Add a message for your document (optional)');
    assert.equal(
      await page.getByRole('button', { name: 'Send' }).isDisabled(),
      false,
      'a file alone can be sent',
    );
    await page.getByRole('button', { name: 'Remove notes.txt' }).click();
    await chip.waitFor({ state: 'detached' });
    assert.equal(
      await input(page).getAttribute('placeholder'),
      'Enter text to translate or drag & drop a file',
    );
    await context.close();
  });

  it('dictation says what went wrong (microphone refused, nothing heard, no network) instead of stopping silently', async () => {
    const { context, page, problems } = await newPage(browser);
    // A recognition that fails the way the test asks, as Chromium's does (an error, then the end).
    await page.addInitScript(() => {
      /** @type {any} */ (globalThis).SpeechRecognition = class {
        /** @type {any} */ onerror = null;
        /** @type {any} */ onend = null;
        start() {
          setTimeout(() => {
            this.onerror?.({ error: /** @type {any} */ (globalThis).__dictationError });
            this.onend?.();
          }, 10);
        }
        stop() {}
      };
    });
    await openApp(page, '/');
    const expected = {
      'not-allowed': /^Dictation needs the microphone, and this browser was not allowed to use it\./,
      'no-speech': /^Nothing was heard\. Press the microphone and speak again\.$/,
      network: /^Dictation could not reach the browser’s speech service\./,
    };
    for (const [error, said] of Object.entries(expected)) {
      await page.evaluate((code) => {
        /** @type {any} */ (globalThis).__dictationError = code;
      }, error);
      await page.getByRole('button', { name: 'Speak' }).click();
      await eventually(async () => assert.match((await page.getByRole('alert').textContent()) ?? '', said));
    }
    // Stopping it yourself is no error.
    await page.evaluate(() => {
      /** @type {any} */ (globalThis).__dictationError = 'aborted';
    });
    await page.getByRole('button', { name: 'Speak' }).click();
    await eventually(async () => assert.equal(await page.getByRole('alert').count(), 0));

    // Where dictation is offered, the About page says where the voice goes.
    await openApp(page, '/about');
    await page
      .getByTestId('about-dictation')
      .getByText(/send what you say to Google's speech service/)
      .waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('the About page says nothing of dictation where the browser offers none', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => {
      delete (/** @type {any} */ (globalThis).SpeechRecognition);
      delete (/** @type {any} */ (globalThis).webkitSpeechRecognition);
    });
    await openApp(page, '/about');
    await page.getByTestId('about-device').waitFor();
    assert.equal(await page.getByTestId('about-dictation').count(), 0);
    await context.close();
  });

  it('the settings menu has three disabled entries and says more are coming', async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Settings' }).click();
    const menu = page.getByRole('menu');
    const entries = menu.getByRole('menuitem');
    // The spec's three entries, disabled, then the theme choice this app adds.
    assert.deepEqual(await entries.allTextContents(), [
      'Model Settings',
      'Appearance',
      'Help & Support',
      'Theme: as the system',
    ]);
    for (const entry of (await entries.all()).slice(0, 3))
      assert.equal(await entry.getAttribute('aria-disabled'), 'true');
    await page.getByText('More settings coming soon').waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await context.close();
  });

  it('the copy button copies a message and shows success, then returns to idle after 2 s', async () => {
    const { context, page } = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApp(page, '/');
    await input(page).fill('Copy me, please');
    await page.keyboard.press('Enter');
    const copy = page.locator('li[data-role="user"] button[data-copy-state]');
    assert.equal(await copy.getAttribute('aria-label'), 'Copy your message');
    await copy.click();
    await eventually(async () => assert.equal(await copy.getAttribute('data-copy-state'), 'success'));
    const succeededAt = Date.now();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'Copy me, please');
    await eventually(async () => assert.equal(await copy.getAttribute('data-copy-state'), 'idle'), {
      timeoutMs: 4000,
    });
    const shownFor = Date.now() - succeededAt;
    assert.ok(shownFor > 1500 && shownFor < 2600, `success shown for ${shownFor} ms (2 s expected)`);
    await context.close();
  });
});
