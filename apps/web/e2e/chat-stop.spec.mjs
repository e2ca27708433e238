// Stop in the web app, end to end, in Chromium, on a server that counts what each client uses (API
// keys on, the web app's session budget): Stop is a request by the turn's id, the server stops the
// model, translates what it wrote and ends the stream with a final event marked interrupted, and the
// turn is charged once — the page translates nothing itself afterwards.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { eventually } from './lib/browser.mjs';
import { withBrowserAndChatServers } from './lib/chat-servers.mjs';

const SYSTEM_PROMPT = 'You are a helpful AI assistant. Provide clear, accurate, and helpful responses.';
const SWAHILI = 'Habari ya asubuhi, rafiki yangu. Niandikie hadithi ndefu kuhusu bahari, tafadhali.';

let browser;
let servers;

withBrowserAndChatServers(
  (started, running) => {
    browser = started;
    servers = running;
  },
  {
    model: 'meta-llama/Llama-3.1-8B-Instruct',
    env: { SEMA_API_KEYS: 'e2e-unused-key-0001', SEMA_WEB_ACCESS: 'session' },
  },
);

/** The characters this machine's address has used through the web app this month. */
async function webUsage() {
  const session = await fetch(`${servers.url}/api/v1/session`, { method: 'POST' });
  const { token } = await session.json();
  const usage = await fetch(`${servers.url}/v2/usage`, { headers: { 'X-Sema-Session': token } });
  return (await usage.json()).character_count;
}

/** The JSON events of a server-sent event stream's whole body. */
const eventsOf = (body) =>
  body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice('data: '.length)));

describe('Stop in the web app', () => {
  it('asks the server to stop: the answer ends interrupted, translated by the server, and is charged once', async () => {
    await servers.fake.enqueue({ kind: 'slow', intervalMs: 50, sentences: true });
    const context = await browser.newContext({
      baseURL: servers.url,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.waitForSelector('[data-splash]', { state: 'detached', timeout: 15_000 });
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Chat' }).click();
    const before = await webUsage();

    const turn = page.waitForResponse((response) => response.url().endsWith('/api/v1/chat/translated'));
    await page.getByRole('textbox').fill(SWAHILI);
    await page.getByRole('textbox').press('Enter');
    const reply = page.locator('li[data-role="assistant"]');
    const answer = reply.locator('[data-testid="chat-answer-text"]');
    // Stop once a translated sentence is on screen.
    await eventually(async () => assert.notEqual((await answer.textContent())?.trim() ?? '', ''), {
      timeoutMs: 30_000,
    });
    await reply.getByRole('button', { name: 'Stop generating' }).click();
    await reply.locator('[data-testid="chat-answer"][data-status="stopped"]').waitFor();

    const events = eventsOf(await (await turn).text());
    const done = events.at(-1);
    assert.equal(done.type, 'done');
    assert.equal(done.interrupted, true);
    const delivered = events
      .filter((event) => event.type === 'translation')
      .map((event) => event.text)
      .join('');
    assert.equal(done.content, delivered);
    assert.ok(delivered.length > 0);
    const stops = requests.filter((path) => /^\/api\/v1\/chat\/turns\/[0-9a-f]{32}\/stop$/.test(path));
    assert.equal(stops.length, 1, `one stop request: ${requests.join(' ')}`);
    // The page translated nothing itself: the server's final event had the whole answer.
    assert.equal(requests.filter((path) => path.startsWith('/api/v1/translate')).length, 0);
    // Charged once: the conversation, and the answer as the server delivered it.
    await eventually(
      async () =>
        assert.equal(await webUsage(), before + SYSTEM_PROMPT.length + SWAHILI.length + delivered.length),
      { timeoutMs: 5000 },
    );
    await context.close();
  });
});
