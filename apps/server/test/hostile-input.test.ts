import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import type { TranslationPipeline } from '../src/translation/pipeline.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { preflight } from './preflight.ts';

/**
 * What careless and hostile clients send, and the one error shape they must get back: JSON
 * `{ detail, code }` with a fitting status, never a framework message or a 500.
 */
let app: App;
let port: number;
beforeAll(async () => {
  app = await buildTestApp();
  await (app.translation as TranslationPipeline).engine.whenReady();
  ({ port } = await listenOn(app));
});
afterAll(() => app.close());

const json = (url: string, payload: string, contentType?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: contentType === undefined ? {} : { 'content-type': contentType },
  });

function expectShape(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
  expect(body.code).toBe(code);
  expect(body.detail).not.toMatch(
    /FST_|fastify|content-type is set|statusCode|\/work\/|node_modules|at .+\(/i,
  );
  return body as { detail: string; code: string };
}

/** One raw HTTP/1.1 exchange, for what `inject` cannot send (broken URLs, cut bodies). */
function raw(request: string | Buffer, endAfterWrite = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(request);
      if (endAfterWrite) socket.end();
    });
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

const bodyOf = (response: string) =>
  JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as {
    detail: string;
    code: string;
  };

describe('the one error shape', () => {
  it('answers a path with broken percent-encoding with 400 in our shape', async () => {
    const response = await raw(
      'GET /api/v1/languages/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(response)).toEqual({
      detail: 'The request path is not a valid URL: it has a broken percent-encoding',
      code: 'BAD_REQUEST',
    });
  });

  it('answers bytes that are not HTTP, and headers too large, in our shape', async () => {
    const garbage = await raw('HELLO THERE\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect(bodyOf(garbage)).toEqual({ detail: 'The request is not valid HTTP', code: 'BAD_REQUEST' });
    const huge = await raw(`GET /livez HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(bodyOf(huge)).toEqual({ detail: 'The request headers are too large', code: 'BAD_REQUEST' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const response = await app.inject({ method: 'DELETE', url: '/api/v1/translate' });
    expectShape(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('POST');
    const languages = await app.inject({ method: 'POST', url: '/api/v1/languages/eng_Latn', payload: {} });
    expectShape(languages, 405, 'METHOD_NOT_ALLOWED');
    expect(languages.headers.allow).toMatch(/GET/);
  });

  it('still answers CORS preflight on the API', async () => {
    const response = await preflight(app, '/api/v1/translate', { method: 'POST', headers: 'content-type' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each([
    ['text/plain', 'text/plain', /^Unsupported content type text\/plain: send application\/json$/],
    ['no content type', undefined, /^Unsupported content type \(none was given\): send application\/json$/],
    [
      'a form',
      'application/x-www-form-urlencoded',
      /application\/x-www-form-urlencoded: send application\/json/,
    ],
  ])('refuses a body sent as %s with 415 naming the accepted type', async (_name, type, detail) => {
    const response = await json('/api/v1/translate', '{"text":"Hi.","target_language":"fra_Latn"}', type);
    expect(expectShape(response, 415, 'UNSUPPORTED_MEDIA_TYPE').detail).toMatch(detail);
  });

  it.each([
    ['{"text":', 'Malformed JSON body: the request body is not valid JSON'],
    ['{"text": "a" "b"}', 'Malformed JSON body: the request body is not valid JSON'],
    ['', 'Malformed JSON body: the request body is empty'],
  ])('answers malformed JSON %j with 400 and a plain message', async (payload, detail) => {
    const response = await json('/api/v1/detect-language', payload, 'application/json');
    expect(expectShape(response, 400, 'BAD_REQUEST').detail).toBe(detail);
  });

  it.each(['[1,2]', 'null', '"text"', '42'])(
    'answers the JSON body %s with 422: it must be an object',
    async (payload) => {
      const response = await json('/api/v1/detect-language', payload, 'application/json');
      expect(expectShape(response, 422, 'VALIDATION_ERROR').detail).toBe(
        'The request body must be a JSON object',
      );
    },
  );

  it('drops __proto__ and constructor.prototype keys and answers the rest', async () => {
    for (const extra of ['"__proto__":{"polluted":true}', '"constructor":{"prototype":{"polluted":true}}']) {
      const response = await json(
        '/api/v1/detect-language',
        `{"text":"Good morning, my dear friend.",${extra}}`,
        'application/json',
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().detected_language).toBe('eng_Latn');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a body over the limit with 413 in our shape', async () => {
    const response = await json(
      '/api/v1/detect-language',
      JSON.stringify({ text: 'a'.repeat(2_000_000) }),
      'application/json',
    );
    expectShape(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers a body shorter than its Content-Length, cut off by the client, without a 5xx', async () => {
    const response = await raw(
      'POST /api/v1/detect-language HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"text":"hi"}',
    );
    expect(response).not.toMatch(/^HTTP\/1\.1 5/);
  });
});

const CRLF = '\r\n';
function multipart(
  parts: { headers: string[]; body: string | Buffer }[],
  boundary = 'sema-boundary',
  close = true,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}${CRLF}${part.headers.join(CRLF)}${CRLF}${CRLF}`));
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    chunks.push(Buffer.from(CRLF));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
  };
}
const field = (name: string, value: string) => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  body: value,
});
const file = (
  name: string,
  filename: string | undefined,
  body: string,
  type: string | undefined = 'text/plain',
) => ({
  headers: [
    `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`,
    ...(type ? [`Content-Type: ${type}`] : []),
  ],
  body,
});
const TEXT = 'Good morning. The market opens at nine.';
const sendDocument = (parts: ReturnType<typeof multipart>, accept = 'application/json') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/translate/document',
    payload: parts.payload,
    headers: { ...parts.headers, accept },
  });

describe('multipart as browsers and tools really send it', () => {
  it('translates a file part with an empty filename (as a text file)', async () => {
    const response = await sendDocument(
      multipart([
        file('file', '', TEXT),
        field('target_language', 'fra_Latn'),
        field('source_language', 'eng_Latn'),
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().file_name).toMatch(/^document\.fr\.txt$/);
  });

  it('says how to send a file part that has no filename (it arrives as a text field)', async () => {
    const response = await sendDocument(
      multipart([
        field('target_language', 'fra_Latn'),
        file('file', undefined, TEXT, undefined),
        field('source_language', 'eng_Latn'),
      ]),
    );
    expect(expectShape(response, 400, 'DOCUMENT_MISSING').detail).toMatch(/has no filename.*-F file=@/);
  });

  it('translates a file part without a filename but with a file content type (as FormData sends a nameless Blob)', async () => {
    const response = await sendDocument(
      multipart([
        field('target_language', 'fra_Latn'),
        field('source_language', 'eng_Latn'),
        file('file', undefined, TEXT, 'application/octet-stream'),
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().file_name).toBe('document.fr.txt');
  });

  it('reads fields sent after the file, and keeps only the first of several files', async () => {
    const response = await sendDocument(
      multipart([
        file('file', 'one.txt', TEXT),
        file('file', 'two.txt', 'Second.'),
        field('target_language', 'deu_Latn'),
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().file_name).toBe('one.de.txt');
  });

  it('says which part name to use when the file comes under another name', async () => {
    const response = await sendDocument(
      multipart([file('document', 'a.txt', TEXT), field('target_language', 'fra_Latn')]),
    );
    expect(expectShape(response, 400, 'DOCUMENT_MISSING').detail).toMatch(/form part named "file"/);
  });

  it('answers a 0-byte file with 422 saying it is empty', async () => {
    const response = await sendDocument(
      multipart([file('file', 'empty.txt', ''), field('target_language', 'fra_Latn')]),
    );
    expect(expectShape(response, 422, 'DOCUMENT_HAS_NO_TEXT').detail).toBe('The file is empty.');
  });

  it.each([
    [
      'a boundary that never closes',
      multipart([field('target_language', 'fra_Latn'), file('file', 'a.txt', TEXT)], 'b', false),
    ],
    [
      'a body cut inside the file',
      {
        ...multipart([]),
        payload: Buffer.from(
          `--sema-boundary${CRLF}Content-Disposition: form-data; name="file"; filename="a.txt"${CRLF}${CRLF}Good mor`,
        ),
      },
    ],
    [
      'no boundary at all',
      { payload: Buffer.from('hello'), headers: { 'content-type': 'multipart/form-data' } },
    ],
  ])('answers %s with 400, not 500', async (_name, parts) => {
    const response = await sendDocument(parts as ReturnType<typeof multipart>);
    expect(expectShape(response, 400, 'BAD_REQUEST').detail).toMatch(/multipart form could not be read/);
  });

  it('answers a connection cut in the middle of an upload without a 5xx, and keeps serving', async () => {
    const parts = multipart([field('target_language', 'fra_Latn'), file('file', 'a.txt', TEXT.repeat(100))]);
    const head = `POST /api/v1/translate/document HTTP/1.1\r\nHost: x\r\nContent-Type: ${parts.headers['content-type']}\r\nContent-Length: ${parts.payload.length}\r\n\r\n`;
    const response = await raw(Buffer.concat([Buffer.from(head), parts.payload.subarray(0, 200)]));
    expect(response).not.toMatch(/^HTTP\/1\.1 5/);
    expect((await app.inject('/livez')).statusCode).toBe(200);
  });

  it.each([
    ['../../etc/passwd.txt', 'passwd.fr.txt'],
    ['C:\\Users\\amina\\notes.txt', 'notes.fr.txt'],
    ['say \\"hi\\".txt', 'say "hi".fr.txt'],
    ['ملاحظات.txt', 'ملاحظات.fr.txt'],
    ['報告.txt', '報告.fr.txt'],
  ])('keeps the download name of %j safe and RFC 6266/5987-encoded', async (name, expected) => {
    const response = await sendDocument(
      multipart([
        file('file', name, TEXT),
        field('target_language', 'fra_Latn'),
        field('source_language', 'eng_Latn'),
      ]),
      '*/*',
    );
    expect(response.statusCode).toBe(200);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(
      /^attachment; filename=("(?:[^"\\]|\\.)*"|[\w!#$&+.^`|~-]+)(; filename\*=UTF-8''[\w%.!~*'()-]+)?$/,
    );
    // No line breaks or path separators (a backslash only as the escape of a quote).
    expect(disposition.replaceAll('\\"', '')).not.toMatch(/[\r\n/\\]/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1];
    const plain = /filename="?((?:[^"\\;]|\\.)*)"?/.exec(disposition)![1]!.replace(/\\(.)/g, '$1');
    expect(encoded ? decodeURIComponent(encoded) : plain).toBe(expected);
  });

  it('never lets CR/LF in a filename reach a header', async () => {
    const parts = multipart([field('target_language', 'fra_Latn'), field('source_language', 'eng_Latn')]);
    const evil = Buffer.from(
      `--sema-boundary${CRLF}Content-Disposition: form-data; name="file"; filename="a\rX-Injected: 1.txt"${CRLF}Content-Type: text/plain${CRLF}${CRLF}${TEXT}${CRLF}`,
    );
    const response = await sendDocument({ ...parts, payload: Buffer.concat([evil, parts.payload]) }, '*/*');
    expect(response.headers['x-injected']).toBeUndefined();
    expect(response.statusCode).toBeLessThan(500);
  });
});
