// Chat mode end to end, in Chromium, against a real Sema server (tiny NLLB model, real detector)
// whose chat provider is the fake OpenAI-compatible upstream, over real HTTP.
/* global window, document, MutationObserver -- used inside page.evaluate, in the browser */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { afterNextFrame, eventually } from './lib/browser.mjs';
import { withBrowserAndChatServers } from './lib/chat-servers.mjs';
import { dropFile } from './lib/drop-file.mjs';

const SWAHILI = 'Habari ya asubuhi, rafiki yangu. Unaweza kunisaidia kupika wali?';
const SYSTEM_PROMPT = 'You are a helpful AI assistant. Provide clear, accurate, and helpful responses.';
const REASONING = 'The user asks how to cook rice. I will list the steps.';
const ANSWER =
  "Here is how to cook rice. It is easy!\n\n1. Wash the **rice**.\n2. Boil the water.\n\n```python\nprint('rice')\n```";

const NOTES =
  'The river rises every spring.\nThe village moves uphill in April.\nThe fishermen stay by the water.';
const NOTES_QUESTION = 'Kijiji kinahamia lini, kwa mujibu wa waraka huu?';
const NOTES_REASONING = 'The second line of the document answers this.';
const NOTES_ANSWER = 'The village moves in **April**.\n\n- It moves uphill.\n- The fishermen stay.';

let browser;
let servers;

withBrowserAndChatServers((started, running) => {
  browser = started;
  servers = running;
});

async function translate(text, source, target) {
  const response = await fetch(`${servers.url}/api/v1/translate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, source_language: source, target_language: target }),
  });
  return (await response.json()).translated_text;
}

/** Records in the page whether the translated answer was on screen while the generation still ran. */
async function watchStreaming(page) {
  await page.evaluate(() => {
    window.__sawTranslationWhileStreaming = false;
    new MutationObserver(() => {
      const answer = document.querySelector('[data-testid="chat-answer-text"]');
      const stop = [...document.querySelectorAll('button')].some(
        (button) => button.textContent === 'Stop generating',
      );
      if (stop && answer && answer.textContent.trim()) window.__sawTranslationWhileStreaming = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * The assistant's answer once it is done, after checking (through `watchStreaming`) that its
 * translation was on screen while the model was still writing.
 */
async function streamedAnswer(page) {
  const reply = page.locator('li[data-role="assistant"]');
  await reply.locator('[data-testid="chat-answer"][data-status="done"]').waitFor({ timeout: 30_000 });
  assert.equal(
    await page.evaluate(() => window.__sawTranslationWhileStreaming),
    true,
    'the translated answer streamed',
  );
  return reply;
}

/**
 * A second message in the conversation, answered by the fake model with `answer` once it is done:
 * what the model was asked for that turn.
 */
async function secondTurn(page, message, answer) {
  await servers.fake.enqueue({ kind: 'answer', content: answer });
  await send(page, message);
  await page.locator('[data-testid="chat-answer"][data-status="done"]').nth(1).waitFor({ timeout: 30_000 });
  return (await servers.fake.requests())[1];
}

/** A page on the chat server, in chat mode, collecting page errors and requests to other hosts. */
/** @param {{ permissions?: string[] }} [options] */
async function openChat({ permissions = [] } = {}) {
  const context = await browser.newContext({
    baseURL: servers.url,
    viewport: { width: 1280, height: 800 },
    permissions,
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(servers.url)) problems.push(`request to another host: ${request.url()}`);
  });
  await page.goto('/');
  await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
  await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Chat' }).click();
  return { context, page, problems };
}

async function send(page, text) {
  await page.getByRole('textbox').fill(text);
  await page.getByRole('textbox').press('Enter');
}

describe('chat mode, end to end', () => {
  it('a Swahili message: detect → translate → chat → translated back while it streams, reasoning collapsed', async () => {
    await servers.fake.enqueue({
      kind: 'answer',
      content: `${REASONING}\n</think>\n\n${ANSWER}`,
      delayMs: 40,
      tokens: 99,
    });
    const { context, page, problems } = await openChat({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    // Watch the page for the moment the translated answer is on screen while generation still runs.
    await watchStreaming(page);
    await send(page, SWAHILI);

    const reply = await streamedAnswer(page);

    // The model got the system prompt and the question in English (as our server translates it).
    const [request] = await servers.fake.requests();
    assert.deepEqual(request.body.messages, [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: await translate(SWAHILI, 'swh_Latn', 'eng_Latn') },
    ]);
    assert.equal(request.headers.authorization, 'Bearer hf_e2e_fake_key');

    // The answer reads in Swahili, sentence by sentence, with its Markdown structure and code kept.
    const answer = reply.getByTestId('chat-answer-text');
    const first = await translate('Here is how to cook rice.', 'eng_Latn', 'swh_Latn');
    assert.ok((await answer.textContent()).includes(first), 'first sentence in Swahili');
    assert.deepEqual(await answer.locator('ol > li').allTextContents(), [
      await translate('Wash the rice.', 'eng_Latn', 'swh_Latn'),
      await translate('Boil the water.', 'eng_Latn', 'swh_Latn'),
    ]);
    await answer.locator('pre code').getByText("print('rice')").waitFor();

    // The reply names the language it was written in, as translate replies do.
    assert.match(
      await reply.getByTestId('detected-language').textContent(),
      /^Detected language: Swahili · Kiswahili \(confidence \d{1,3} %\)$/,
    );

    // Reasoning sits collapsed under 'Thought for N s'.
    const reasoning = reply.getByTestId('chat-reasoning');
    assert.match(await reasoning.locator('summary').textContent(), /^Thought for \d+ s$/);
    assert.equal(await reasoning.getAttribute('open'), null);
    assert.equal(await reply.getByText(REASONING).isVisible(), false);
    assert.equal((await reply.textContent()).includes('</think>'), false);

    // Copy takes the answer the user reads, without the reasoning.
    await reply.getByRole('button', { name: 'Copy reply' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(copied.startsWith(first), copied);
    assert.equal(copied.includes('cook rice'), false);
    assert.equal(copied.includes(REASONING), false);

    // The English original is one click away.
    await reply.getByRole('button', { name: 'Show English original' }).click();
    const english = reply.getByTestId('chat-answer-english');
    await english.getByText('Here is how to cook rice. It is easy!').waitFor();
    assert.equal(await english.locator('strong').textContent(), 'rice');

    // The conversation has memory: the next request carries the earlier turn, in English, without reasoning.
    const second = await secondTurn(
      page,
      'Thank you very much for your help. What about cooking beans for dinner tonight?',
      'Beans take longer.\n</think>\n\nSoak the beans first.',
    );
    assert.deepEqual(second.body.messages.slice(2), [
      { role: 'assistant', content: ANSWER },
      {
        role: 'user',
        content: 'Thank you very much for your help. What about cooking beans for dinner tonight?',
      },
    ]);
    await page.getByText('Soak the beans first.').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a .txt dropped with a Swahili question: the document goes to the model, the answer streams back in Swahili as Markdown', async () => {
    await servers.fake.enqueue({
      kind: 'answer',
      content: `${NOTES_REASONING}\n</think>\n\n${NOTES_ANSWER}`,
      delayMs: 40,
    });
    const { context, page, problems } = await openChat();
    await watchStreaming(page);
    await dropFile(page, 'mto.txt', NOTES, 'text/plain');
    await page.getByRole('textbox').fill(NOTES_QUESTION);
    await page.getByRole('button', { name: 'Send' }).click();

    // The user's message keeps the file's name; the reply is a chat answer that streamed.
    await page.locator('li[data-role="user"]').getByText('mto.txt').waitFor();
    const reply = await streamedAnswer(page);

    // The model got the document's text (English, so as it is) between markers, then the question in English.
    const [request] = await servers.fake.requests();
    assert.equal(request.body.messages.length, 2);
    assert.equal(request.body.messages[0].content, SYSTEM_PROMPT);
    const asked = request.body.messages[1].content;
    assert.ok(asked.includes(`"mto.txt", between the markers:\n<<<DOCUMENT\n${NOTES}\nDOCUMENT>>>`), asked);
    const englishQuestion = await translate(NOTES_QUESTION, 'swh_Latn', 'eng_Latn');
    assert.ok(asked.endsWith(`Using the document, answer: ${englishQuestion}`), asked);

    // The answer reads in Swahili as Markdown (a list), sentence by sentence.
    const answer = reply.getByTestId('chat-answer-text');
    assert.ok(
      (await answer.textContent()).includes(
        await translate('The village moves in April.', 'eng_Latn', 'swh_Latn'),
      ),
    );
    assert.deepEqual(await answer.locator('ul > li').allTextContents(), [
      await translate('It moves uphill.', 'eng_Latn', 'swh_Latn'),
      await translate('The fishermen stay.', 'eng_Latn', 'swh_Latn'),
    ]);

    // Reasoning sits collapsed; the English original keeps the emphasis.
    const reasoning = reply.getByTestId('chat-reasoning');
    assert.match(await reasoning.locator('summary').textContent(), /^Thought for \d+ s$/);
    assert.equal(await reasoning.getAttribute('open'), null);
    assert.equal(await reply.getByText(NOTES_REASONING).isVisible(), false);
    await reply.getByRole('button', { name: 'Show English original' }).click();
    assert.equal(await reply.getByTestId('chat-answer-english').locator('strong').textContent(), 'April');

    // A follow-up without the file: the document is still in the conversation's memory.
    const followUp = await secondTurn(
      page,
      'And what do the fishermen do, according to the document?',
      'They stay.\n</think>\n\nThey stay by the water.',
    );
    assert.deepEqual(followUp.body.messages.slice(1), [
      { role: 'user', content: asked },
      { role: 'assistant', content: NOTES_ANSWER },
      { role: 'user', content: 'And what do the fishermen do, according to the document?' },
    ]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it("an upstream 401 shows the spec's message and a plain reason; the provider's wording is under Details", async () => {
    await servers.fake.enqueue({
      kind: 'status',
      status: 401,
      body: { error: 'Invalid credentials in Authorization header' },
    });
    const { context, page, problems } = await openChat();
    await send(page, 'Please tell me a short story about the sea.');
    const alert = page.locator('li[data-role="assistant"]').getByRole('alert');
    await alert.getByText('Chat failed. Please try again.').waitFor({ timeout: 30_000 });
    // The step that failed, in the spec's words, then why.
    await alert.getByText('AI chat failed', { exact: true }).waitFor();
    await alert
      .getByText('The assistant could not be reached from this server. Please try again later.')
      .waitFor();
    const technical = alert.getByText(/Authentication failed\. Please check your chat provider token\./);
    assert.equal(await technical.isVisible(), false, 'the developer message is folded away');
    await alert.getByText('Details', { exact: true }).click();
    await technical.waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('Markdown with a <script> in it does not execute', async () => {
    const content = [
      'Here you go: <script>window.__pwned = "script"</script>',
      '<img src="/nope.png" onerror="window.__pwned = \'img\'">',
      '[click me](javascript:window.__pwned="link")',
      '',
      '<iframe srcdoc="<script>parent.__pwned = 1</script>"></iframe>',
    ].join('\n');
    await servers.fake.enqueue({ kind: 'answer', content: `ok\n</think>\n\n${content}` });
    const { context, page, problems } = await openChat();
    await send(page, 'Please show me a short example of a web page with some HTML in it.');
    const answer = page.locator('[data-testid="chat-answer"][data-status="done"]');
    await answer.waitFor({ timeout: 30_000 });
    await answer.getByText('click me').click();
    // A javascript: link would have run in the task the click queued: by the next frame it has.
    await afterNextFrame(page);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.equal(await answer.locator('script, img, iframe').count(), 0);
    assert.equal((await answer.getByText('click me').getAttribute('href')) ?? '', '');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('Stop ends the generation, and the server stops the upstream request', async () => {
    await servers.fake.enqueue({ kind: 'slow', intervalMs: 100 });
    const { context, page } = await openChat();
    const before = await servers.fake.disconnects();
    await send(page, 'Write me a very long story about the sea, please.');
    const reply = page.locator('li[data-role="assistant"]');
    // The slow stream is reasoning for an R1 model until its closing tag, which never comes.
    await reply.getByText('Thinking…').waitFor({ timeout: 30_000 });
    await reply.getByRole('button', { name: 'Stop generating' }).click();
    await reply.locator('[data-testid="chat-answer"][data-status="stopped"]').waitFor();
    await eventually(async () => assert.equal(await servers.fake.disconnects(), before + 1), {
      timeoutMs: 5000,
    });
    assert.equal(await reply.getByRole('button', { name: 'Stop generating' }).count(), 0);
    await context.close();
  });
});
