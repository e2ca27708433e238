/**
 * The README's offline try-out: the one command it gives for the tiny models must run translation,
 * chat and documents on a machine without network, downloading nothing and logging no error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@sema/testkit/free-port';
import { killAllSema, repoRoot, startSema } from '@sema/testkit/sema';

afterEach(killAllSema);

/** The settings of the README's command for the tiny models (`NAME=value … npm start`). */
function readmeTinyCommand(): Record<string, string> {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('To try it without the download'));
  const command = /```sh\n([^`]*?npm start)\n```/.exec(after)?.[1];
  expect(command, 'the README gives a command for the tiny models').toBeDefined();
  const settings = command!.replace(/\\\n/g, ' ').match(/\b[A-Z_]+=\S+/g) ?? [];
  return Object.fromEntries(settings.map((setting) => setting.split('=', 2) as [string, string]));
}

const post = (base: string, route: string, body: unknown) =>
  fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe("the README's tiny-model command", () => {
  it('runs translation, chat and documents offline, with no error in the log', async () => {
    const settings = readmeTinyCommand();
    // Offline: every download would go through a proxy that is not there.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const sema = await startSema({
      env: {
        // Chat as the command leaves it (the kit would otherwise turn it off).
        SEMA_CHAT_PROVIDER: '',
        ...settings,
        INIT_CWD: repoRoot,
        HTTPS_PROXY: nowhere,
        HTTP_PROXY: nowhere,
        NO_PROXY: '',
        SEMA_GLOSSARY_DB: ':memory:',
        SEMA_USAGE_DB: ':memory:',
        SEMA_LOG_LEVEL: 'warn',
        SEMA_LOG_FORMAT: 'json',
      },
      timeout: 120_000,
    });
    const translated = await post(sema.url, '/api/v1/translate', {
      text: 'Good morning.',
      source_language: 'en',
      target_language: 'fr',
    });
    expect(translated.status).toBe(200);

    const chat = await post(sema.url, '/api/v1/chat', {
      messages: [{ role: 'user', content: 'Hello!' }],
      max_tokens: 8,
    });
    expect(chat.status, await chat.clone().text()).toBe(200);
    expect(await chat.json()).toMatchObject({ content: expect.any(String) });

    const form = new FormData();
    form.append('file', new Blob(['Good morning.\nSee you soon.\n'], { type: 'text/plain' }), 'notes.txt');
    form.append('source_language', 'en');
    form.append('target_language', 'fr');
    const document = await fetch(`${sema.url}/api/v1/translate/document`, { method: 'POST', body: form });
    expect(document.status).toBe(200);

    const errors = sema
      .output()
      .split('\n')
      .filter((line) => /^\{.*"level":(50|60)/.test(line));
    expect(errors).toEqual([]);
    expect(sema.output()).not.toMatch(/Downloading/);
  }, 180_000);
});
