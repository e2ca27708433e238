import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config/read.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';
import { chatThrough, startFakeOpenAi, UPSTREAM_MODEL } from './fake-openai.ts';

/** The app at a given log level, with every line it writes collected. */
async function appWithLog(level: string, env: Record<string, string> = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const config = loadConfig({
    SEMA_LOG_LEVEL: level,
    SEMA_WEB_DIST: '/nonexistent-web-dist',
    SEMA_NLLB_MODEL: TINY_NLLB,
    ...env,
  });
  const app = await buildApp(config, { logger: { level, stream } });
  await app.ready();
  return { app, lines };
}

let open: App | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const requestLines = (lines: Record<string, unknown>[]) =>
  lines.filter((line) => 'status' in line || 'reqId' in line);

describe('request logging', () => {
  it('writes nothing per ordinary request at the default level (info), 2xx and 4xx alike', async () => {
    const { app, lines } = await appWithLog('info');
    open = app;
    await app.inject('/api/v1/languages/eng_Latn');
    await app.inject('/api/v1/languages/xxx_Xxxx');
    await app.inject({ method: 'POST', url: '/api/v1/detect-language', payload: { text: 42 } });
    expect(requestLines(lines)).toEqual([]);
  });

  it('writes one line for a 5xx, with the request id, status and reason', async () => {
    const { app, lines } = await appWithLog('info', { SEMA_NLLB_MODEL: '/nonexistent-model-folder' });
    open = app;
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/translate',
      headers: { 'x-request-id': 'req-5xx-1' },
      payload: { text: 'Hello.', source_language: 'eng_Latn', target_language: 'fra_Latn' },
    });
    expect(response.statusCode).toBe(503);
    const logged = requestLines(lines);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      reqId: 'req-5xx-1',
      status: 503,
      code: 'MODEL_UNAVAILABLE',
      msg: 'request failed',
      url: '/api/v1/translate',
    });
  });

  it('writes exactly one line per request at debug', async () => {
    const { app, lines } = await appWithLog('debug');
    open = app;
    await app.inject('/api/v1/languages/eng_Latn');
    await app.inject('/api/v1/languages/zzz_Zzzz');
    await app.inject('/livez'); // probes are logged only when they fail
    const logged = requestLines(lines).filter((line) => line.msg === 'request');
    expect(logged.map((line) => [line.url, line.status])).toEqual([
      ['/api/v1/languages/eng_Latn', 200],
      ['/api/v1/languages/zzz_Zzzz', 404],
    ]);
    expect(
      requestLines(lines).filter((line) => /incoming request|request completed/.test(String(line.msg))),
    ).toEqual([]);
  });

  it('writes at most one error line for a request the upstream fails with a 500, on every chat surface', async () => {
    const fake = await startFakeOpenAi();
    try {
      const { app, lines } = await appWithLog('info', chatThrough(fake));
      open = app;
      fake.setDefault({ kind: 'status', status: 500, body: { error: { message: 'upstream broke' } } });
      const messages = [{ role: 'user', content: 'Hello?' }];
      const asks = [
        { url: '/api/v1/chat', payload: { messages } },
        { url: '/api/v1/chat', payload: { messages, stream: true } },
        { url: '/v1/chat/completions', payload: { model: UPSTREAM_MODEL, messages } },
        { url: '/v1/chat/completions', payload: { model: UPSTREAM_MODEL, messages, stream: true } },
        { url: '/v1/responses', payload: { model: UPSTREAM_MODEL, input: 'Hello?' } },
        { url: '/v1/responses', payload: { model: UPSTREAM_MODEL, input: 'Hello?', stream: true } },
      ];
      for (const [index, ask] of asks.entries()) {
        const reqId = `req-upstream-500-${index}`;
        const response = await app.inject({ method: 'POST', headers: { 'x-request-id': reqId }, ...ask });
        expect(response.statusCode, `${ask.url} ${JSON.stringify(ask.payload)}`).toBeGreaterThanOrEqual(200);
        const errors = lines.filter((line) => line.reqId === reqId && (line.level as number) >= 50);
        expect(errors.length, `${ask.url} ${JSON.stringify(errors)}`).toBeLessThanOrEqual(1);
        // A failure of the upstream is not a bug of ours: no stack trace.
        expect(JSON.stringify(errors)).not.toMatch(/"stack"/);
      }
    } finally {
      await fake.close();
    }
  });
});
