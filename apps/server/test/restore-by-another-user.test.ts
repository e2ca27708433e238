/**
 * The documented SQLite restore, done by another user: the files come back owned by root (as `cp`
 * or `sqlite3 .backup` run with sudo leaves them) while Sema runs as its own user. Sema must not say
 * it is ready while every keyed request fails: /readyz fails with a sentence naming the file and the
 * fix, keyed requests get a 503 that says the server cannot save, and once the operator gives the
 * files to Sema's user, it recovers without a restart. Files Sema creates are its user's alone (0600).
 *
 * Run as root, the server runs as `nobody` on root's files; run as anyone else, the files are made
 * read-only instead (root could write anything, so that would prove nothing there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killAllSema, TINY_NLLB } from '@sema/testkit/sema';
import { waitFor } from '@sema/testkit/wait-for';
import { buildTestApp, postJson } from './build-test-app.ts';
import { startServerProcess, statusOf } from './server-process.ts';

const KEY = 'restore-key-0001';
const TEXT = 'Good morning, friend.';
const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const AS_ROOT = process.getuid?.() === 0;
/** The service user: `nobody` under root. */
const SERVICE = { uid: 65534, gid: 65534 };

const folders: string[] = [];
afterAll(() => folders.forEach((made) => fs.rmSync(made, { recursive: true, force: true })));
afterEach(killAllSema);

function folder(): string {
  const made = fs.mkdtempSync(path.join(os.tmpdir(), 'sema-restore-'));
  folders.push(made);
  return made;
}

describe('a SQLite restore whose files another user owns', () => {
  it('fails readiness naming the file and the fix, answers 503 to keyed requests, and recovers once the files are given back', async () => {
    // Records made by a server, in files it created.
    const made = folder();
    const files = {
      SEMA_GLOSSARY_DB: path.join(made, 'glossaries.sqlite'),
      SEMA_USAGE_DB: path.join(made, 'usage.sqlite'),
    };
    const first = await buildTestApp({ SEMA_API_KEYS: `${KEY}:1000`, ...files });
    const created = await postJson(
      first,
      '/api/v1/glossaries',
      { name: 'Clinic', source_language: 'en', target_language: 'sw', entries: { clinic: 'zahanati' } },
      { authorization: `Bearer ${KEY}` },
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const translated = await postJson(
      first,
      '/api/v1/translate',
      { text: TEXT, source_language: 'en', target_language: 'fr' },
      { authorization: `Bearer ${KEY}` },
    );
    expect(translated.statusCode).toBe(200);
    await first.close();
    // Sema created them for its own user only.
    for (const file of Object.values(files)) expect(fs.statSync(file).mode & 0o777, file).toBe(0o600);

    // The restore: into the service's own folder, the files left as the restoring user made them.
    const data = folder();
    const restored = {
      SEMA_GLOSSARY_DB: path.join(data, 'glossaries.sqlite'),
      SEMA_USAGE_DB: path.join(data, 'usage.sqlite'),
    };
    for (const [name, file] of Object.entries(restored)) {
      fs.copyFileSync(files[name as keyof typeof files], file);
      fs.chmodSync(file, AS_ROOT ? 0o644 : 0o444);
    }
    const home = folder();
    if (AS_ROOT) {
      for (const dir of [data, home]) fs.chownSync(dir, SERVICE.uid, SERVICE.gid);
    }
    const server = await startServerProcess(
      {
        SEMA_API_KEYS: `${KEY}:1000`,
        SEMA_NLLB_MODEL: TINY_NLLB,
        SEMA_LOG_LEVEL: 'info',
        HOME: home,
        ...restored,
      },
      { ...(AS_ROOT && { user: SERVICE }) },
    );
    // Its model loaded: what fails below fails for the files alone.
    await waitFor(async () => (await statusOf(server)).engines.translation.state === 'ready', {
      timeout: 60_000,
      what: 'the translation model to load',
    });

    // Not ready, and it says which file and what to do.
    const readiness = await fetch(`${server.url}/readyz`);
    expect(readiness.status).toBe(503);
    const { detail } = (await readiness.json()) as { detail: string };
    expect(detail).toContain(restored.SEMA_GLOSSARY_DB);
    expect(detail).toMatch(
      /cannot be written by this process .*: it belongs to uid \d+ with mode 0[46]44\. Give it to this user: chown \S+ .*glossaries\.sqlite\* && chmod 600/,
    );
    expect(server.output()).toContain(
      `${restored.SEMA_GLOSSARY_DB} (SEMA_GLOSSARY_DB: stored glossaries) cannot be written`,
    );
    expect(server.output()).toContain(
      `${restored.SEMA_USAGE_DB} (SEMA_USAGE_DB: API keys' monthly usage) cannot be written`,
    );

    // Keyed requests are refused with a 503 that says why, never a 500.
    const refused = await fetch(`${server.url}/api/v1/translate`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ text: TEXT, source_language: 'en', target_language: 'fr' }),
    });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /cannot save API keys' monthly usage/,
    );
    const glossary = await fetch(`${server.url}/api/v1/glossaries/${id}`, { headers: auth });
    expect(glossary.status).toBe(503);

    // The operator's fix: the files go to the service's user. No restart.
    for (const file of Object.values(restored)) {
      if (AS_ROOT) fs.chownSync(file, SERVICE.uid, SERVICE.gid);
      fs.chmodSync(file, 0o600);
    }
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, {
      timeout: 20_000,
      what: '/readyz to recover once the files are writable',
    });
    const back = await fetch(`${server.url}/api/v1/glossaries/${id}`, { headers: auth });
    expect(back.status).toBe(200);
    expect(await back.json()).toMatchObject({ name: 'Clinic' });
    const usage = await fetch(`${server.url}/v2/usage`, {
      headers: { authorization: `DeepL-Auth-Key ${KEY}` },
    });
    expect(await usage.json()).toEqual({ character_count: TEXT.length, character_limit: 1000 });
    const again = await fetch(`${server.url}/api/v1/translate`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ text: TEXT, source_language: 'en', target_language: 'fr' }),
    });
    expect(again.status).toBe(200);
    expect(server.output()).toContain('the glossary store is writable again');
  }, 120_000);
});
