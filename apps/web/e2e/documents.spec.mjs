/* global window, document, MutationObserver -- used inside page.evaluate, in the browser */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

import { BOTH_SIZES, browserDuringTests, chooseTarget, newPage, openApp, status } from './lib/browser.mjs';
import { dropFile } from './lib/drop-file.mjs';

const browser = browserDuringTests();

/**
 * Enough cues that the translation takes several progress steps, even with the tiny model; numbered
 * differently each run, so the server's sentence cache cannot make it instant.
 */
const RUN = Date.now() % 100_000;
const LINES = [
  'The morning train was late again today.',
  'She opened the window and listened to the rain.',
  'We should leave before the road gets dark.',
  'His grandmother told the best stories in the village.',
  'Nobody remembered where the old key was hidden.',
  'They walked along the river until the sun went down.',
];
const SRT = Array.from({ length: 120 }, (_, i) => {
  const second = (n) =>
    `00:${String(Math.floor(n / 60)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}`;
  return `${i + 1}\n${second(i)},000 --> ${second(i)},900\n${LINES[i % LINES.length]} (${RUN + i})\n`;
}).join('\n');

function timings(text) {
  return text.split(/\r?\n/).filter((line) => /^\d+$/.test(line) || line.includes('-->'));
}

/** The smallest workbook Excel opens: one sheet, two shared strings and a formula. */
function workbook() {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
    'xl/workbook.xml': strToU8(
      `<workbook ${ns}><sheets><sheet name="Budget" sheetId="1"/></sheets></workbook>`,
    ),
    'xl/sharedStrings.xml': strToU8(
      `<sst ${ns} count="2" uniqueCount="2"><si><t>The river rises every spring.</t></si><si><t>Total</t></si></sst>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>12</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><f>SUM(B1:B1)</f><v>12</v></c></row></sheetData></worksheet>`,
    ),
  });
}

/** Sends the attached file, then downloads its translation (`fileName`): where it was saved. */
async function sendAndDownload(page, fileName) {
  await page.getByRole('button', { name: 'Send' }).click();
  const download = page
    .locator('li[data-role="assistant"]')
    .getByRole('button', { name: `Download ${fileName}` });
  await download.waitFor({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  return file.path();
}

describe('documents, end to end', () => {
  it('drop a .srt, see progress, download the translated subtitles with the same cues and timings', async () => {
    assert.equal(
      (await status()).engines.translation.state,
      'ready',
      'the e2e server runs the tiny NLLB model',
    );
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    await chooseTarget(page, 'French');
    await dropFile(page, 'episode.srt', SRT, 'application/x-subrip');
    const streamed = page.waitForResponse((response) =>
      response.url().includes('/api/v1/translate/document?stream=1'),
    );
    // The tiny model can finish in a few tens of milliseconds, too briefly for a locator to poll the
    // progress bar: the page itself records that one was drawn.
    await page.evaluate(() => {
      window.__sawProgress = false;
      new MutationObserver(() => {
        if (
          document.querySelector(
            'li[data-role="assistant"] [role="progressbar"][aria-label="Translating episode.srt"]',
          )
        )
          window.__sawProgress = true;
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Send' }).click();

    const reply = page.locator('li[data-role="assistant"]');
    assert.match((await streamed).headers()['content-type'] ?? '', /^text\/event-stream/);
    const download = reply.getByRole('button', { name: 'Download episode.fr.srt' });
    await download.waitFor({ timeout: 60_000 });
    assert.equal(await page.evaluate(() => window.__sawProgress), true, 'a progress bar was shown');
    await reply.getByRole('region', { name: 'Preview of the translation' }).waitFor();
    await reply.getByTestId('detected-language').getByText('Detected language: English').waitFor();

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.equal(file.suggestedFilename(), 'episode.fr.srt');
    const translated = fs.readFileSync(await file.path(), 'utf8');
    assert.deepEqual(timings(translated), timings(SRT));
    assert.doesNotMatch(translated, /the rain|the village/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('drop a gettext .po, download it translated: msgstr filled, fuzzy, Language and plural forms set', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    await chooseTarget(page, 'French');
    const catalogue = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '',
      '#: src/main.c:4',
      `msgid "${LINES[0]} (${RUN})"`,
      'msgstr ""',
      '',
    ].join('\n');
    await dropFile(page, 'messages.po', catalogue, 'text/x-gettext-translation');
    const downloaded = await sendAndDownload(page, 'messages.fr.po');
    const translated = fs.readFileSync(downloaded, 'utf8');
    assert.match(translated, /"Language: fr\\n"/);
    assert.match(translated, /"Plural-Forms: nplurals=2; plural=\(n > 1\);\\n"/);
    assert.match(translated, /#: src\/main\.c:4\n#, fuzzy\nmsgid "The morning train/);
    assert.doesNotMatch(translated, /msgstr ""\n*$/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("a file the server cannot handle gets the server's reason in the chat", async () => {
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await dropFile(page, 'report.docx', 'this is not a word document', 'application/octet-stream');
    await page.getByRole('button', { name: 'Send' }).click();
    await page
      .locator('li[data-role="assistant"]')
      .getByRole('alert')
      .getByText('The file is named .docx but is not a Word document (it is not a ZIP package).')
      .waitFor();
    await context.close();
  });

  it('a type that cannot be translated is refused when dropped or picked, naming the types that work', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    const said =
      'photo.png was not added. Files of type .png are not supported. Supported: .txt, .md, .html, .srt, .vtt, .docx, .json, .pdf, .xlsx, .pptx, .odt, .ods, .odp, .epub, .xlf, .po, .arb, .xml, .strings, .stringsdict, .xcstrings, .yml.';
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new window.DataTransfer();
      transfer.items.add(new window.File(['\x89PNG'], 'photo.png', { type: 'image/png' }));
      return transfer;
    });
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await page.getByRole('textbox').dispatchEvent(type, { dataTransfer });
    }
    assert.equal(await page.getByRole('alert').textContent(), said);
    assert.equal(await page.getByTestId('file-chip').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Send' }).isDisabled(), true);

    // A file that works takes its place and ends the refusal; picking a .png keeps it staged.
    await dropFile(page, 'note.txt', 'The river rises every spring.', 'text/plain');
    assert.equal(await page.getByRole('alert').count(), 0);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('\x89PNG'),
    });
    assert.equal(await page.getByRole('alert').textContent(), said);
    await page.getByTestId('file-chip').getByText('note.txt').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('chat mode: the document (in English, within the budget) goes to the model with the default question', async () => {
    const chatState = (await status()).engines.chat.state;
    const { context, page } = await newPage(browser);
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Chat' }).click();
    await dropFile(
      page,
      'notes.txt',
      'The river rises every spring.\nThe village moves uphill.\n',
      'text/plain',
    );
    // The server reads the document in English and keeps its reading; the turn names that reading
    // (not a second upload of the text), and the server puts it before the question.
    // (The event stream's body is not kept by the browser's protocol: its reading_id is checked in
    // routes/api/v1/chat/translated.test.ts.)
    const chatRequest = page.waitForRequest((request) => request.url().endsWith('/api/v1/chat/translated'));
    await page.getByRole('button', { name: 'Send' }).click();
    const { messages, document } = (await chatRequest).postDataJSON();
    assert.equal(messages[0].role, 'system');
    assert.deepEqual(Object.keys(document), ['id']);
    assert.match(document.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.equal(messages.at(-1).english, 'Summarise this document.');
    // It is a chat-mode reply (streamed by the chat feature): it ends done, or at the chat step when
    // this server has no chat model.
    const reply = page.locator('li[data-role="assistant"]');
    const answer = reply.getByTestId('chat-answer');
    await answer
      .and(page.locator('[data-status="done"], [data-status="error"]'))
      .waitFor({ timeout: 60_000 });
    if (chatState === 'ready') assert.equal(await answer.getAttribute('data-status'), 'done');
    await context.close();
  });

  for (const viewport of BOTH_SIZES) {
    it(`translate mode: text typed beside a dropped file is said not to be used, before and after sending (${viewport.width}px)`, async () => {
      const { context, page, problems } = await newPage(browser, { viewport });
      await openApp(page, '/');
      await dropFile(page, 'note.txt', `The morning train was late again (${RUN}).`, 'text/plain');
      await page.getByRole('textbox').fill('Please make it formal');
      await page.getByTestId('text-beside-file').getByText('Only the file is translated').waitFor();
      await page.getByRole('button', { name: 'Send' }).click();
      const reply = page.locator('li[data-role="assistant"]');
      await reply.getByTestId('text-not-used').waitFor({ timeout: 60_000 });
      assert.equal(
        await page.getByTestId('text-beside-file').count(),
        0,
        'the composer note goes with the file',
      );
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  it('the picker offers .xlsx, .pptx, OpenDocument and .epub; a picked .xlsx comes back translated', async () => {
    const { context, page, problems } = await newPage(browser);
    await openApp(page, '/');
    const accept = (await page.locator('input[type="file"]').getAttribute('accept')) ?? '';
    for (const extension of ['.xlsx', '.pptx', '.odt', '.ods', '.odp', '.epub']) {
      assert.ok(accept.split(',').includes(extension), `accept lists ${extension}`);
    }
    await chooseTarget(page, 'French');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'budget.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(workbook()),
    });
    await page.getByTestId('file-chip').getByText('budget.xlsx').waitFor();
    const downloaded = await sendAndDownload(page, 'budget.fr.xlsx');
    const parts = unzipSync(fs.readFileSync(downloaded));
    const part = (name) => strFromU8(parts[name] ?? new Uint8Array());
    assert.doesNotMatch(part('xl/sharedStrings.xml'), /The river rises/);
    assert.match(part('xl/worksheets/sheet1.xml'), /<f>SUM\(B1:B1\)<\/f><v>12<\/v>/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
