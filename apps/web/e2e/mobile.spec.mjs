import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { browserDuringTests, newPage, openApp, pageWidth, PHONE } from './lib/browser.mjs';
import { dropFile } from './lib/drop-file.mjs';

const browser = browserDuringTests();

describe('a 360 px wide phone', () => {
  for (const path of ['/', '/about', '/developer', '/login', '/signup', '/forgot-password', '/nowhere']) {
    it(`${path} fits the screen without sideways scrolling`, async () => {
      const { context, page, problems } = await newPage(browser, { viewport: PHONE });
      await openApp(page, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.ok((await pageWidth(page)) <= PHONE.width, `page is ${await pageWidth(page)} px wide`);
      // A path that is not a page is answered 404 (its not-found page still shows), which the
      // browser reports once.
      const expected =
        path === '/nowhere'
          ? ['console error: Failed to load resource: the server responded with a status of 404 (Not Found)']
          : [];
      assert.deepEqual(problems, expected);
      await context.close();
    });
  }

  it('the composer keeps every tool and the send button apart, dictation included', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    // A browser with speech recognition shows the microphone: the fullest toolbar there is.
    await page.addInitScript(() => {
      /** @type {any} */ (globalThis).SpeechRecognition = class {
        start() {}
        stop() {}
      };
    });
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Speak' }).waitFor();
    const send = await page.getByRole('button', { name: 'Send' }).boundingBox();
    assert.ok(send, 'the send button is on the screen');
    for (const name of ['Chat', 'Translate']) {
      const mode = await page
        .getByRole('group', { name: 'Mode' })
        .getByRole('button', { name })
        .boundingBox();
      assert.ok(mode, `${name} is on the screen`);
      const apart =
        mode.x + mode.width <= send.x ||
        send.x + send.width <= mode.x ||
        mode.y + mode.height <= send.y ||
        send.y + send.height <= mode.y;
      assert.ok(apart, `${name} (${JSON.stringify(mode)}) overlaps Send (${JSON.stringify(send)})`);
    }
    await context.close();
  });

  it('/developer shows every code tab whole, clear of the Copy button', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/developer');
    const examples = page.getByTestId('code-examples');
    const list = await examples.getByRole('tablist').boundingBox();
    const copy = await examples.locator('button[data-copy-state]').boundingBox();
    assert.ok(list && copy);
    for (const name of ['cURL', 'JavaScript', 'Python', 'Node.js']) {
      const tab = await examples.getByRole('tab', { name }).boundingBox();
      assert.ok(tab, `${name} is laid out`);
      // Whole inside the (scrollable) tab list, and left of the Copy button.
      assert.ok(tab.x >= list.x && tab.x + tab.width <= list.x + list.width + 0.5, `${name} is cut off`);
      assert.ok(
        tab.x + tab.width <= copy.x,
        `${name} (${JSON.stringify(tab)}) is under Copy (${JSON.stringify(copy)})`,
      );
    }
    await context.close();
  });

  it('the header becomes a menu with every entry, closed by its overlay', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    assert.equal(await page.getByRole('link', { name: 'About' }).isVisible(), false, 'no link row');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Login', 'Sign Up', 'API documentation', 'About'])
      await menu.getByRole('link', { name }).waitFor();
    await menu.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { level: 1, name: 'About Sema' }).waitFor();
    assert.equal(await menu.count(), 0, 'choosing an entry closes the menu');
    await context.close();
  });

  it('the language picker fits on the screen and a translation can be sent', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    await page.getByTestId('target-language').click();
    const picker = page.getByRole('dialog', { name: 'Select Target Language' });
    await picker.waitFor();
    const box = await picker.boundingBox();
    assert.ok(box, 'the picker is laid out');
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `picker spans ${box.x}..${box.x + box.width}`);
    assert.ok(
      box.y >= 0 && box.y + box.height <= PHONE.height,
      `picker spans ${box.y}..${box.y + box.height} vertically`,
    );
    await picker.getByRole('option', { name: /^Hausa/ }).click();
    await page.getByRole('textbox').fill('Welcome');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('li[data-role="assistant"]:not([aria-busy])').waitFor();
    assert.ok((await pageWidth(page)) <= PHONE.width);
    await context.close();
  });

  it('a long unbroken word and a long file name wrap instead of widening the page', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    await openApp(page, '/');
    const word = 'https://example.org/'.concat('averyveryverylongpathsegment'.repeat(4));
    await page.getByRole('textbox').fill(word);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('li[data-role="assistant"]:not([aria-busy])').waitFor();
    assert.ok((await pageWidth(page)) <= PHONE.width, `after a long word: ${await pageWidth(page)} px`);

    const fileName = 'minutes_of_the_annual_general_meeting_of_the_cooperative_2026_final_v3.txt';
    await dropFile(page, fileName, 'The meeting opened at nine.', 'text/plain');
    assert.ok((await pageWidth(page)) <= PHONE.width, `with the file staged: ${await pageWidth(page)} px`);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('li[data-role="assistant"]:not([aria-busy])').nth(1).waitFor();
    assert.ok((await pageWidth(page)) <= PHONE.width, `after the document: ${await pageWidth(page)} px`);
    // Nothing is cut off inside the reply either: the download button stays within its bubble.
    const reply = await page
      .locator('li[data-role="assistant"]')
      .nth(1)
      .getByTestId('document-result')
      .boundingBox();
    const download = await page
      .getByRole('button', { name: `Download ${fileName.replace('.txt', '')}` })
      .boundingBox();
    assert.ok(download && reply, 'the reply and its download button are laid out');
    assert.ok(
      download.x + download.width <= reply.x + reply.width + 0.5,
      'the download button fits its bubble',
    );
    await context.close();
  });
});
