/* global indexedDB -- used inside page.evaluate, which runs in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import {
  afterNextFrame,
  BOTH_SIZES,
  browserDuringTests,
  chooseTarget,
  eventually,
  newPage,
  openApp,
} from './lib/browser.mjs';

const browser = browserDuringTests();

async function translate(page, text) {
  await page.getByRole('textbox').fill(text);
  await page.getByRole('textbox').press('Enter');
  await page.locator('li[data-role="assistant"]:not([aria-busy])').last().waitFor();
  await page.locator('li[data-role="user"]').getByText(text).waitFor();
}

/** The translation history as the app keeps it in IndexedDB (database sema-translations, key recent). */
function storedHistory(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('sema-translations');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('history', 'readonly').objectStore('history').get('recent');
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            db.close();
            resolve(read.result ?? []);
          };
        };
      }),
  );
}

const conversationsButton = (page) => page.getByRole('button', { name: /^Conversations \(\d+\)$/ });
const dialog = (page) => page.getByRole('dialog', { name: 'Your conversations' });

async function openHistory(page) {
  await conversationsButton(page).click();
  await dialog(page).waitFor();
}

/** Closes the page's context once nothing went wrong on it; a 503 (the model not ready) is allowed. */
async function closeWithOnly503s(context, problems) {
  assert.deepEqual(
    problems.filter((problem) => !problem.includes('503')),
    [],
  );
  await context.close();
}

for (const viewport of BOTH_SIZES) {
  describe(`remembered on the device (${viewport.width}px)`, () => {
    it('the languages, the mode, the draft and the conversation survive a reload', async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      await chooseTarget(page, 'French');
      await translate(page, 'Good morning, my friend.');
      await page.getByRole('textbox').fill('A draft I have not sent');
      // Saved a moment after the conversation stops changing.
      await conversationsButton(page).getByText('Conversations (1)').waitFor();

      await page.reload();
      await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
      assert.equal(await page.getByTestId('target-language').textContent(), 'French');
      await page.locator('li[data-role="user"]').getByText('Good morning, my friend.').waitFor();
      assert.equal(await page.getByRole('textbox').inputValue(), 'A draft I have not sent');

      await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Chat' }).click();
      await page.reload();
      await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
      assert.equal(
        await page
          .getByRole('group', { name: 'Mode' })
          .getByRole('button', { name: 'Chat' })
          .getAttribute('aria-pressed'),
        'true',
      );
      await closeWithOnly503s(context, problems);
    });

    it('the history lists, reopens, renames, deletes one and clears all after a confirmation', async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      await translate(page, 'The first conversation about the weather.');
      await conversationsButton(page).getByText('Conversations (1)').waitFor();
      await page.getByRole('button', { name: 'New conversation' }).click();
      await translate(page, 'A second one about the train.');
      await conversationsButton(page).getByText('Conversations (2)').waitFor();

      await openHistory(page);
      const items = dialog(page).getByTestId('conversation-items').locator('li');
      assert.equal(await items.count(), 2);
      // Newest first, each with its first words and languages.
      await items.first().getByText('A second one about the train.').waitFor();
      await items
        .nth(1)
        .getByText(/Auto Detect → English/)
        .waitFor();

      await dialog(page)
        .getByRole('button', { name: 'Rename "The first conversation about the weather."' })
        .click();
      await dialog(page).getByRole('textbox', { name: 'New name' }).fill('Weather');
      await dialog(page).getByRole('button', { name: 'Save' }).click();
      await items.getByText('Weather', { exact: true }).waitFor();

      await items.getByText('Weather', { exact: true }).click();
      await dialog(page).waitFor({ state: 'hidden' });
      await page
        .locator('li[data-role="user"]')
        .getByText('The first conversation about the weather.')
        .waitFor();
      assert.equal(
        await page.locator('li[data-role="user"]').getByText('A second one about the train.').count(),
        0,
      );

      await openHistory(page);
      await dialog(page).getByRole('button', { name: 'Delete "A second one about the train."' }).click();
      await conversationsButton(page).getByText('Conversations (1)').waitFor();
      assert.equal(await items.count(), 1);

      await dialog(page).getByRole('button', { name: 'Clear all conversations' }).click();
      await dialog(page).getByText('Delete the conversation from this device?').waitFor();
      await dialog(page).getByRole('button', { name: 'Keep them' }).click();
      assert.equal(await items.count(), 1);
      await dialog(page).getByRole('button', { name: 'Clear all conversations' }).click();
      await dialog(page).getByRole('button', { name: 'Delete all' }).click();
      await dialog(page).getByText('No saved conversations yet.').waitFor();
      // The open conversation was among them: the screen starts afresh (once the stored list is
      // cleared, a moment after the dialog shows it empty), and stays so after a reload.
      await page.locator('li[data-role="user"]').first().waitFor({ state: 'detached' });
      await page.reload();
      await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
      assert.equal(await page.locator('li[data-role="user"]').count(), 0);
      assert.equal(await conversationsButton(page).count(), 0);
      await closeWithOnly503s(context, problems);
    });

    it('the recent translations are kept on the device: a reload keeps them, removing and clearing too', async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      await chooseTarget(page, 'French');
      await translate(page, 'Good morning, my friend.');
      await translate(page, 'Where is the market?');
      const historyButton = page.getByRole('button', { name: /^History \(\d+\)$/ });
      await page.getByRole('button', { name: 'History (2)' }).waitFor();
      // The conversation is saved a moment after it stops changing, the history once rendered.
      await conversationsButton(page).getByText('Conversations (1)').waitFor();
      await eventually(async () => assert.equal((await storedHistory(page)).length, 2));

      const reopen = async () => {
        await page.reload();
        await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
      };
      await reopen();
      await page.getByRole('button', { name: 'History (2)' }).click();
      const history = page.getByRole('dialog', { name: 'Recent translations' });
      await history.getByText('Kept on this device only: nothing here leaves it.').waitFor();
      const items = history.getByTestId('history-items').locator('li');
      assert.match((await items.allTextContents()).join('\n'), /Where is the market\?[\s\S]*Good morning/);
      await history.getByRole('button', { name: /^Remove "Where is the market/ }).click();
      assert.equal(await items.count(), 1);
      // The app writes the change to IndexedDB after it renders it: reload once it is written.
      await eventually(async () => assert.equal((await storedHistory(page)).length, 1));

      await reopen();
      await page.getByRole('button', { name: 'History (1)' }).click();
      await history.getByRole('button', { name: 'Clear history' }).click();
      await history.getByRole('button', { name: 'Clear all' }).click();
      await historyButton.waitFor({ state: 'detached' });
      await eventually(async () => assert.deepEqual(await storedHistory(page), []));
      await reopen();
      // Stored data loads after the first paint: the conversations' button shows it has loaded.
      await conversationsButton(page).waitFor();
      // What would have brought the button back is the history the app reads from IndexedDB: read
      // the same entry after it (it is empty), and let a frame render whatever the app got.
      assert.deepEqual(await storedHistory(page), []);
      await afterNextFrame(page);
      assert.equal(await historyButton.count(), 0);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
