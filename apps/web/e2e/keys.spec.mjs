import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { browserDuringTests, newPage, openApp, PHONE } from './lib/browser.mjs';
import { startSemaServer } from './lib/sema-server.mjs';

// Servers of this spec's own, with API keys on: by default the web app needs a visitor's own key
// (pasted on the Developer page, kept in the browser); with the keyless allowance
// (SEMA_WEB_ACCESS=session) it gets in with its session token, and nothing else does without a key.
const KEY = 'e2e-key-00000001';
const KEYS = `${KEY}:1m`;

const browser = browserDuringTests();

async function translateOnPage(url, text) {
  const { context, page, problems } = await newPage(browser, { viewport: PHONE, baseURL: url });
  const sessionAsks = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/session')) sessionAsks.push(request.url());
  });
  await openApp(page, '/');
  await page.getByRole('textbox').fill(text);
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/translate'));
  await page.getByRole('textbox').press('Enter');
  const response = await answered;
  return { context, page, problems, response, sessionAsks };
}

describe('with API keys on and the keyless allowance (SEMA_WEB_ACCESS=session)', () => {
  let server;
  before(async () => {
    server = await startSemaServer({
      SEMA_API_KEYS: KEYS,
      SEMA_WEB_ACCESS: 'session',
      SEMA_CHAT_PROVIDER: 'none',
    });
  });
  after(async () => server?.stop());

  it('the web app translates with its session token, and a bare same-origin header gets 401', async () => {
    const { context, page, problems, response, sessionAsks } = await translateOnPage(
      server.url,
      'Habari za asubuhi, rafiki yangu.',
    );
    assert.equal(response.status(), 200);
    assert.ok(response.request().headers()['x-sema-session'], 'the request carried the session token');
    assert.equal(sessionAsks.length, 1);
    const body = await response.json();
    await page
      .locator('li[data-role="assistant"]')
      .getByText(body.translated_text, { exact: true })
      .waitFor();
    assert.deepEqual(problems, []);
    await context.close();

    const bare = await fetch(`${server.url}/api/v1/translate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: JSON.stringify({ text: 'Hello', target_language: 'fr' }),
    });
    assert.equal(bare.status, 401);
    assert.equal((await bare.json()).code, 'API_KEY_REQUIRED');
  });
});

describe('with API keys off', () => {
  it('the web app asks for no session token: the status it reads says keys are off', async () => {
    const { context, problems, response, sessionAsks } = await translateOnPage(
      process.env.SEMA_E2E_URL,
      'Habari za jioni.',
    );
    assert.equal(response.status(), 200);
    assert.equal(response.request().headers()['x-sema-session'], undefined);
    assert.deepEqual(sessionAsks, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe('with API keys on (the default SEMA_WEB_ACCESS=key)', () => {
  let server;
  before(async () => {
    server = await startSemaServer({ SEMA_API_KEYS: KEYS, SEMA_CHAT_PROVIDER: 'none' });
  });
  after(async () => server?.stop());

  it('a translation fails and the reply says the server needs an API key', async () => {
    const { context, page, response } = await translateOnPage(server.url, 'Good evening, my friend.');
    assert.equal(response.status(), 401);
    const reply = page.locator('li[data-role="assistant"]:not([aria-busy])');
    await reply.getByText(/This server needs an API key: paste yours on the Developer page/).waitFor();
    await context.close();
  });

  it('a visitor pastes their key on the Developer page, and the web app translates with it', async () => {
    const { context, page, problems } = await newPage(browser, { viewport: PHONE, baseURL: server.url });
    await openApp(page, '/developer');
    await page.getByLabel('Your API key for this server').fill(KEY);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByText('Saved: translations from this browser now use your key.').waitFor();
    await openApp(page, '/');
    await page.getByRole('textbox').fill('Good evening, my friend.');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/translate'));
    await page.getByRole('textbox').press('Enter');
    const response = await answered;
    assert.equal(response.status(), 200);
    assert.equal(response.request().headers()['x-api-key'], KEY);
    assert.equal(response.request().headers()['x-sema-session'], undefined);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
