// Listen, Speak, regenerate, edit-and-resend and share, in Chromium, against a real Sema server whose
// chat provider is the fake OpenAI-compatible upstream. Voices and recognition are stubbed in the
// page where a test needs the browser to have them (headless Chromium has neither).
/* global window -- used inside page.evaluate and init scripts, in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { BOTH_SIZES, DESKTOP } from './lib/browser.mjs';
import { withBrowserAndChatServers } from './lib/chat-servers.mjs';

let browser;
let servers;
withBrowserAndChatServers((started, running) => {
  browser = started;
  servers = running;
});

/** Gives the page an English voice and a speech recognition that "hears" a fixed sentence. */
function stubSpeech() {
  const voice = { lang: 'en-US', name: 'Stub English', default: true, localService: true, voiceURI: 'stub' };
  const synthesis = {
    getVoices: () => [voice],
    speak: (utterance) => {
      window.__spoken = utterance.text;
      setTimeout(() => utterance.onend?.(), 10);
    },
    cancel: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
  // The browser's own speech types do not fit stubs: the stubs go on an untyped view of the window.
  const scope = /** @type {any} */ (window);
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true });
  scope.SpeechSynthesisUtterance = class {
    constructor(text) {
      this.text = text;
    }
  };
  scope.SpeechRecognition = class {
    /** @type {any} */ onresult = null;
    /** @type {any} */ onend = null;
    start() {
      setTimeout(() => {
        this.onresult?.({ results: [Object.assign([{ transcript: 'dictated words' }], { isFinal: true })] });
        this.onend?.();
      }, 10);
    }
    stop() {
      this.onend?.();
    }
  };
}

/** Takes speech away, whatever the build of Chromium has. */
function noSpeech() {
  Object.defineProperty(window, 'speechSynthesis', {
    value: {
      getVoices: () => [],
      cancel: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    },
    configurable: true,
  });
  const scope = /** @type {any} */ (window);
  delete scope.SpeechRecognition;
  delete scope.webkitSpeechRecognition;
}

async function open({ viewport = DESKTOP, speech = false, mode = 'Chat' } = {}) {
  const context = await browser.newContext({
    baseURL: servers.url,
    viewport,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript(speech ? stubSpeech : noSpeech);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto('/');
  await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: mode }).click();
  return { context, page, problems };
}

async function send(page, text) {
  await page.getByRole('textbox').fill(text);
  await page.getByRole('textbox').press('Enter');
}

/** The fake model thinks first, as the reasoning model does, then answers. */
const answer = (text) => `ok\n</think>\n\n${text}`;

const done = (page) => page.locator('[data-testid="chat-answer"][data-status="done"]');

for (const viewport of BOTH_SIZES) {
  describe(`beyond reading (${viewport.width}px)`, () => {
    it('no speaker or microphone where the browser has no voice or recognition', async () => {
      await servers.fake.enqueue({ kind: 'answer', content: answer('The sea is calm today.') });
      const { context, page, problems } = await open({ viewport });
      assert.equal(await page.getByTestId('dictate').count(), 0);
      await send(page, 'Please tell me about the sea in one sentence.');
      await done(page).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('listen').count(), 0);
      assert.deepEqual(problems, []);
      await context.close();
    });

    it('with a voice and recognition: Listen reads the answer, Speak dictates into the input', async () => {
      await servers.fake.enqueue({ kind: 'answer', content: answer('The sea is calm today.') });
      const { context, page, problems } = await open({ viewport, speech: true });
      await page.getByTestId('dictate').click();
      await page.waitForFunction(() => window.document.querySelector('textarea')?.value === 'dictated words');
      await send(page, 'Please tell me about the sea in one sentence.');
      await done(page).waitFor({ timeout: 30_000 });
      await page.locator('li[data-role="assistant"]').getByTestId('listen').click();
      await page.waitForFunction(() => window.__spoken === 'The sea is calm today.');
      assert.deepEqual(problems, []);
      await context.close();
    });

    it('regenerates the last answer, and an edited message is resent with only what came before', async () => {
      await servers.fake.enqueue(
        { kind: 'answer', content: answer('First answer.') },
        { kind: 'answer', content: answer('Second answer.') },
        { kind: 'answer', content: answer('Answer to the edit.') },
      );
      const { context, page, problems } = await open({ viewport });
      await send(page, 'Please tell me a short story about the sea.');
      await done(page).getByText('First answer.').waitFor({ timeout: 30_000 });

      await page.getByRole('button', { name: 'Regenerate answer' }).click();
      await done(page).getByText('Second answer.').waitFor({ timeout: 30_000 });
      assert.equal(await page.locator('li[data-role="assistant"]').count(), 1, 'the old answer made way');
      const [first, second] = await servers.fake.requests();
      assert.deepEqual(second.body.messages, first.body.messages, 'the same question, asked again');

      await page.getByRole('button', { name: 'Edit this message' }).click();
      await page.getByText('Editing your message').waitFor();
      assert.equal(
        await page.getByRole('textbox').inputValue(),
        'Please tell me a short story about the sea.',
      );
      await send(page, 'Please tell me a short story about the mountains.');
      await done(page).getByText('Answer to the edit.').waitFor({ timeout: 30_000 });
      const users = page.locator('li[data-role="user"]');
      assert.deepEqual(await users.allTextContents().then((texts) => texts.length), 1);
      await users.getByText('Please tell me a short story about the mountains.').waitFor();
      const third = (await servers.fake.requests())[2];
      assert.equal(third.body.messages.length, 2, 'system prompt and the edited question only');
      assert.equal(third.body.messages[1].content, 'Please tell me a short story about the mountains.');

      // The whole conversation as Markdown (copied where the browser has no share sheet).
      await page.evaluate(() => {
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
      });
      await page.getByRole('button', { name: 'Share conversation' }).click();
      await page.getByText('Copied as Markdown').first().waitFor();
      const markdown = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(markdown, /^# Sema conversation/);
      assert.match(markdown, /\*\*You:\*\*\n\n> Please tell me a short story about the mountains\./);
      assert.match(markdown, /\*\*Sema:\*\*\n\nAnswer to the edit\./);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
