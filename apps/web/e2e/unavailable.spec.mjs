import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';

import { afterNextFrame, browserDuringTests, newPage, openApp, pageWidth, PHONE } from './lib/browser.mjs';
import { TINY_NLLB } from '@sema/testkit/sema';
import { startSemaServer } from './lib/sema-server.mjs';

// The runner's second server, whose translation model cannot load.
const NO_MODEL_URL = process.env.SEMA_E2E_NO_MODEL_URL;

const browser = browserDuringTests();

describe(
  'while the translation model is unavailable',
  { skip: !NO_MODEL_URL && 'no server without a model' },
  () => {
    it('the home screen says so plainly, and a translation fails with the spec message and a plain reason', async () => {
      const { context, page, problems } = await newPage(browser, { viewport: PHONE, baseURL: NO_MODEL_URL });
      await openApp(page, '/');
      const notice = page
        .getByRole('status')
        .filter({ hasText: 'Translation is unavailable on this server right now.' });
      await notice.waitFor();
      // The operator's explanation (settings, paths) is the operator's: not on the page.
      assert.equal(await notice.getByText(/SEMA_|no_such_model_folder/).count(), 0);
      assert.ok(
        (await pageWidth(page)) <= PHONE.width,
        `the notice makes the page ${await pageWidth(page)} px wide`,
      );

      await page.getByRole('textbox').fill('Habari za asubuhi, rafiki yangu');
      await page.getByRole('textbox').press('Enter');
      const reply = page.locator('li[data-role="assistant"]:not([aria-busy])');
      await reply.getByText('Translation failed', { exact: true }).waitFor();
      await reply.getByText('Translation failed. Please try again.').waitFor();
      await reply.getByText('The translation model is not available on this server right now.').waitFor();
      assert.deepEqual(
        problems.filter((problem) => !problem.includes('503')),
        [],
      );
      await context.close();
    });

    it('chat mode says chat is off before anyone types, and a send says only that, with no setup talk', async () => {
      const { context, page } = await newPage(browser, { viewport: PHONE, baseURL: NO_MODEL_URL });
      await openApp(page, '/');
      const chatNotice = page.getByRole('status').filter({ hasText: 'Chat is turned off on this server.' });
      assert.equal(await chatNotice.count(), 0, 'no chat notice in translate mode');
      await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Chat' }).click();
      await chatNotice.waitFor();
      // Setup instructions are for the administrator: the docs and the server's log have them.
      assert.equal(await chatNotice.getByText(/SEMA_/).count(), 0);
      assert.ok((await pageWidth(page)) <= PHONE.width, `page is ${await pageWidth(page)} px wide`);

      // Every message would fail: Send stays disabled while the notice says why, and Enter sends nothing.
      await page.getByRole('textbox').fill('Please tell me a short story about the sea and the fishermen.');
      const send = page.getByRole('button', { name: 'Send' });
      assert.equal(await send.isDisabled(), true, 'Send is disabled in chat mode while chat is off');
      await page.getByRole('textbox').press('Enter');
      await afterNextFrame(page);
      assert.equal(await page.locator('li[data-role="assistant"]').count(), 0, 'nothing was sent');
      // Back in translate mode the same text can be sent.
      await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Translate' }).click();
      assert.equal(await send.isDisabled(), false);
      assert.equal(await chatNotice.getByText(/SEMA_/).count(), 0);
      await context.close();
    });

    it('/developer shows the unreachable model folder without widening a phone screen', async () => {
      const { context, page } = await newPage(browser, { viewport: PHONE, baseURL: NO_MODEL_URL });
      await openApp(page, '/developer');
      await page
        .getByTestId('limit-translation-model')
        .getByText(/no_such_model_folder/)
        .waitFor();
      assert.ok((await pageWidth(page)) <= PHONE.width, `page is ${await pageWidth(page)} px wide`);
      await context.close();
    });

    it('/developer claims no response time: English to English answers fast, but the model did nothing', async () => {
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${NO_MODEL_URL}/api/v1/translate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ text: 'Hello.', source_language: 'eng_Latn', target_language: 'eng_Latn' }),
        });
        assert.equal(response.status, 200);
      }
      const status = await (await fetch(`${NO_MODEL_URL}/api/v1/status`)).json();
      assert.equal(status.response_times.translate, null);
      const { context, page } = await newPage(browser, { baseURL: NO_MODEL_URL });
      await openApp(page, '/developer');
      assert.equal(
        await page.getByTestId('limit-response-time').innerText(),
        'Translation is unavailable on this server right now',
      );
      await context.close();
    });
  },
);

describe('when the model arrives after the server started', () => {
  it('the notice goes away by itself and translation works, with no reload', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-late-model-'));
    const server = await startSemaServer(
      { SEMA_NLLB_MODEL: folder, SEMA_MODEL_RETRY_SECONDS: '1', SEMA_CHAT_PROVIDER: 'none' },
      {
        ready: async ({ url }) =>
          (await (await fetch(`${url}/api/v1/status`)).json()).engines.translation.state === 'error',
      },
    );
    const { context, page, problems } = await newPage(browser, { viewport: PHONE, baseURL: server.url });
    try {
      await openApp(page, '/');
      const notice = page.getByRole('status').filter({ hasText: 'Translation is unavailable' });
      await notice.getByText('The server keeps trying, and this note goes away when it works.').waitFor();

      // The operator copies the model in; nobody touches the page.
      fs.cpSync(TINY_NLLB, folder, { recursive: true });
      await notice.waitFor({ state: 'detached', timeout: 45_000 });

      await page.getByRole('textbox').fill('Good morning, my friend.');
      await page.getByRole('textbox').press('Enter');
      const reply = page.locator('li[data-role="assistant"]:not([aria-busy])');
      await reply.waitFor();
      assert.equal(await reply.getByText('Translation failed', { exact: true }).count(), 0);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
      await server.stop();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
