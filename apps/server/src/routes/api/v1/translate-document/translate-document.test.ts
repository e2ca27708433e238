import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentEvent, TranslateDocumentResponse } from '@sema/shared/api/documents';
import type { StatusResponse } from '@sema/shared/api/schemas';
import { buildTestApp } from '../../../../../test/build-test-app.ts';
import type { App } from '../../../../app.ts';
import { makeDocx } from '../../../../documents/testing/make-docx.ts';
import { makeEpub } from '../../../../documents/testing/make-epub.ts';
import { makeOdt } from '../../../../documents/testing/make-odf.ts';
import { makePptx } from '../../../../documents/testing/make-pptx.ts';
import { makeImageOnlyPdf, makePdf } from '../../../../documents/testing/make-pdf.ts';
import { waitFor } from '@sema/testkit/wait-for';

const tinyModel = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../test/fixtures/tiny-nllb',
);
const MAX_BYTES = 256 * 1024;
const MAX_CHARS = 3000;

let app: App;
beforeAll(async () => {
  app = await buildTestApp({
    SEMA_NLLB_MODEL: tinyModel,
    SEMA_DOC_MAX_BYTES: String(MAX_BYTES),
    SEMA_DOC_MAX_CHARS: String(MAX_CHARS),
  });
  // The engine loads in the background; documents need it ready (or failed, which the tests will show).
  await waitFor(() => app.translation.status().state !== 'loading', {
    timeout: 60_000,
    interval: 100,
    what: 'the translation engine to settle',
  });
}, 90_000);
afterAll(() => app?.close());

const srt = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  'Good morning, everyone.',
  '',
  '2',
  '00:00:03,000 --> 00:00:05,000',
  'The meeting starts',
  'in five minutes.',
  '',
].join('\n');

function form(
  fileName: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
  type = 'application/octet-stream',
) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append(
    'file',
    new Blob([typeof content === 'string' ? strToU8(content) : content], { type }),
    fileName,
  );
  return data;
}

function post(payload: FormData, headers: Record<string, string> = {}, query = '') {
  return app.inject({ method: 'POST', url: `/api/v1/translate/document${query}`, payload, headers });
}

function timings(text: string): string[] {
  return text.split('\n').filter((line) => /^\d+$/.test(line) || line.includes('-->'));
}

function events(body: string): DocumentEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice('data: '.length)) as DocumentEvent);
}

describe('POST /api/v1/translate/document with the engine', () => {
  it('translates a .srt and answers with the file, its name and the metadata headers', async () => {
    const response = await post(
      form('episode.srt', srt, { source_language: 'eng_Latn', target_language: 'fra_Latn' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-subrip; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=episode.fr.srt');
    expect(response.headers).toMatchObject({
      'x-source-language': 'eng_Latn',
      'x-target-language': 'fra_Latn',
      'x-characters': String('Good morning, everyone.'.length + 'The meeting starts in five minutes.'.length),
    });
    expect(Number(response.headers['x-processing-time'])).toBeGreaterThanOrEqual(0);
    expect(response.headers['x-document-note']).toBeUndefined();
    expect(timings(response.body)).toEqual(timings(srt));
    expect(response.body).not.toContain('Good morning');
  });

  it('streams progress events and then the translated document', async () => {
    const response = await post(
      form('episode.srt', srt, { source_language: 'eng_Latn', target_language: 'swh_Latn' }),
      {},
      '?stream=1',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const list = events(response.body);
    const progress = list.filter((event) => event.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress.at(-1)).toEqual({ type: 'progress', done: 58, total: 58 });
    expect(progress.map((event) => event.done)).toEqual(
      [...progress.map((event) => event.done)].sort((a, b) => a - b),
    );
    const done = list.at(-1)!;
    expect(done).toMatchObject({
      type: 'done',
      file_name: 'episode.sw.srt',
      format: 'srt',
      characters: 58,
    });
    expect(timings((done as TranslateDocumentResponse).text!)).toEqual(timings(srt));
  });

  it('translates a .docx and returns it base64 in the JSON variant, with the same paragraphs', async () => {
    const docx = await makeDocx();
    const response = await post(
      form('report.docx', docx, { source_language: 'eng_Latn', target_language: 'deu_Latn' }),
      {
        accept: 'application/json',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TranslateDocumentResponse>();
    expect(body).toMatchObject({
      file_name: 'report.de.docx',
      format: 'docx',
      source_language: 'eng_Latn',
    });
    const before = new TextDecoder().decode(unzipSync(docx)['word/document.xml']);
    const after = new TextDecoder().decode(
      unzipSync(Buffer.from(body.content_base64!, 'base64'))['word/document.xml'],
    );
    expect(after.match(/<w:p[ >]/g)?.length).toBe(before.match(/<w:p[ >]/g)?.length);
    expect(after).not.toContain('Annual summary');
  });
});

describe('POST /api/v1/translate/document without engine work', () => {
  it('detects the source language when none is given', async () => {
    const text = 'The weather is lovely today and the children are playing in the garden.\n';
    const response = await post(form('note.txt', text, { target_language: 'eng_Latn' }), {
      accept: 'application/json',
    });
    expect(response.statusCode, response.body).toBe(200);
    // Detected English into English: the document comes back unchanged.
    expect(response.json()).toMatchObject({
      source_language: 'eng_Latn',
      text,
      file_name: 'note.en.txt',
      mime_type: 'text/plain',
    });
  });

  it('previews a Markdown document as it reads: whole paragraphs, with its inline code, numbers and code blocks', async () => {
    const markdown = [
      '# School news',
      '',
      'The village school opened a new `library` in March, with 1,200 books.',
      '',
      '```',
      'npm install sema',
      '```',
      '',
    ].join('\n');
    const response = await post(
      form('news.md', markdown, { source_language: 'eng_Latn', target_language: 'eng_Latn' }),
      {
        accept: 'application/json',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TranslateDocumentResponse>();
    // English into English: the preview is the document itself, not its segments one per line.
    expect(body.preview).toBe(markdown.trim());
  });

  it('previews an HTML page as its text, inline elements in their sentence', async () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><h1>News</h1><p>The school opened a new <a href="/l">library</a> in <code>2026</code>.</p></body></html>';
    const response = await post(
      form('news.html', html, { source_language: 'eng_Latn', target_language: 'eng_Latn' }),
      {
        accept: 'application/json',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TranslateDocumentResponse>().preview).toBe(
      'News\nThe school opened a new library in 2026.',
    );
  });

  it.each([
    [
      'deck.pptx',
      makePptx,
      // Slides in order, a table's cells a line each; slide-number and date fields left out.
      [
        'Quarterly results',
        'Our sales grew in every region.',
        'The team was excellent & motivated.',
        'First line',
        'Second line',
        'Region',
        'Revenue',
        'Café Zürich',
        '1,234',
      ],
    ],
    [
      'report.odt',
      makeOdt,
      // A footnote and an image's title are not read inside the sentence they are anchored in.
      [
        'Annual report',
        'This sentence was split in two.',
        'Sales were very good this year.',
        'See the note for details.',
        'Visit our website today.',
        'Name Value',
        'Region',
        '2024',
        'Café crème & naïve façade',
        'Our logo',
      ],
    ],
    [
      'book.epub',
      makeEpub,
      // The chapters, not the navigation document (the table of contents) nor the <title>s.
      [
        'The storm',
        'The wind was very strong that night.',
        'Old Tomás lit the lamp & waited.',
        'The lamp at dusk',
        'Morning',
        'The sea was calm — café au lait, naïve hope.',
        'log.write("dawn")',
      ],
    ],
  ] as const)('previews %s a paragraph a line, in reading order', async (name, make, expected) => {
    const response = await post(
      form(name, await make(), { source_language: 'eng_Latn', target_language: 'eng_Latn' }),
      { accept: 'application/json' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TranslateDocumentResponse>().preview.split('\n')).toEqual(expected);
  });

  it('previews a Word document a paragraph a line, runs and bold words in their sentence', async () => {
    const response = await post(
      form('report.docx', await makeDocx(), { source_language: 'eng_Latn', target_language: 'eng_Latn' }),
      { accept: 'application/json' },
    );
    expect(response.statusCode, response.body).toBe(200);
    // English into English: the body as Word shows it (headers and footers are other parts).
    expect(response.json<TranslateDocumentResponse>().preview).toBe(
      [
        'Annual summary',
        'This sentence was split by Word into three runs.',
        'Sales were very good this year.',
        'Region',
        'Result',
        'North',
        '2024',
        ' Figure one & more',
      ].join('\n'),
    );
  });

  it('gives non-ASCII file names an RFC 5987 form that browsers decode', async () => {
    const response = await post(
      form('résumé.txt', 'Bonjour\n', { source_language: 'fra_Latn', target_language: 'fra_Latn' }),
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r?sum?.fr.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.fr.txt`,
    );
  });

  it('gives only the text, cut to a budget, with output=text (a chat context)', async () => {
    const docx = await makeDocx();
    const response = await post(
      form('report.docx', docx, { target_language: 'eng_Latn', output: 'text', max_chars: '40' }),
      { accept: 'application/json' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      file_name: 'report.en.txt',
      mime_type: 'text/plain',
      source_language: 'eng_Latn',
      text: 'Annual summary\nThis sentence was split by',
      truncated: true,
    });
  });

  it('returns a PDF as Markdown and says why', async () => {
    const pdf = makePdf([['Hello from a PDF page.']]);
    const response = await post(
      form('paper.pdf', pdf, { source_language: 'eng_Latn', target_language: 'eng_Latn' }),
      {
        accept: 'application/json',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<TranslateDocumentResponse>();
    expect(body).toMatchObject({ file_name: 'paper.en.md', format: 'pdf', mime_type: 'text/markdown' });
    expect(body.text).toContain('Hello from a PDF page.');
    expect(body.note).toMatch(/returned as Markdown/);
  });

  it('streams a done event even when there is nothing for the engine to do', async () => {
    const response = await post(
      form('a.md', '# Title\n', { source_language: 'fra_Latn', target_language: 'fra_Latn' }),
      {
        accept: 'text/event-stream',
      },
    );
    const list = events(response.body);
    expect(list.at(-1)).toMatchObject({ type: 'done', text: '# Title\n', characters: 5 });
  });
});

describe('POST /api/v1/translate/document refuses bad requests with a clear JSON error', () => {
  const target = { target_language: 'fra_Latn' };
  const cases: Array<[string, () => FormData | Promise<FormData>, number, string, RegExp | string]> = [
    [
      'a .docx that is not a ZIP',
      () => form('report.docx', 'plain words', target),
      422,
      'DOCUMENT_TYPE_MISMATCH',
      'The file is named .docx but is not a Word document (it is not a ZIP package).',
    ],
    [
      'binary data named .txt',
      () => form('photo.txt', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), target),
      422,
      'DOCUMENT_TYPE_MISMATCH',
      'The file holds binary data (NUL bytes), not .txt text.',
    ],
    [
      'an unsupported type',
      () => form('deck.key', 'x', target),
      415,
      'UNSUPPORTED_DOCUMENT_TYPE',
      /^Files of type \.key are not supported/,
    ],
    [
      'a file over the byte limit',
      () => form('big.txt', 'a'.repeat(MAX_BYTES + 1), target),
      413,
      'DOCUMENT_TOO_LARGE',
      'The file is larger than the 256 KB limit.',
    ],
    [
      'a document over the character limit',
      () => form('long.txt', 'word '.repeat(1000), target),
      413,
      'DOCUMENT_TOO_LONG',
      "The document has 4,999 characters of text; the limit is 3,000. Split the file, or ask the server's operator to raise SEMA_DOC_MAX_CHARS (a large project's catalogue can hold several hundred thousand characters).",
    ],
    [
      'a zip bomb',
      () =>
        form(
          'bomb.docx',
          zipSync({ 'word/document.xml': new Uint8Array(80 * 1024 * 1024) }, { level: 9 }),
          target,
        ),
      413,
      'DOCUMENT_TOO_LARGE',
      /would expand to 80 MB/,
    ],
    [
      'deeply nested JSON',
      () => form('deep.json', '['.repeat(10_000) + ']'.repeat(10_000), target),
      422,
      'INVALID_DOCUMENT',
      /nested more than 64 levels/,
    ],
    [
      'a PDF without a text layer',
      () => form('scan.pdf', makeImageOnlyPdf(), target),
      422,
      'DOCUMENT_HAS_NO_TEXT',
      /no text layer/,
    ],
    [
      'a file without text',
      () => form('n.txt', '42\n', target),
      422,
      'DOCUMENT_HAS_NO_TEXT',
      'No text to translate was found in the file.',
    ],
    [
      'no file',
      () => {
        const data = new FormData();
        data.append('target_language', 'fra_Latn');
        return data;
      },
      400,
      'DOCUMENT_MISSING',
      /named "file"/,
    ],
    [
      'no target language',
      () => form('a.txt', 'Hello'),
      422,
      'VALIDATION_ERROR',
      'Target language is required',
    ],
    [
      'a malformed language code',
      () => form('a.txt', 'Hello', { target_language: 'french' }),
      422,
      'VALIDATION_ERROR',
      /Invalid language code for target_language: 'french'/,
    ],
    [
      'an unknown language',
      () => form('a.txt', 'Hello', { target_language: 'xxx_Latn' }),
      422,
      'UNSUPPORTED_LANGUAGE',
      'Unsupported language: xxx_Latn',
    ],
  ];

  it.each(cases)('%s', async (_name, build, status, code, detail) => {
    const response = await post(await build());
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<{ detail: string; code: string }>();
    expect(body.code).toBe(code);
    if (typeof detail === 'string') expect(body.detail).toBe(detail);
    else expect(body.detail).toMatch(detail);
  });

  it('refuses a JSON body and says how to send a document', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/translate/document',
      payload: { text: 'x' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'Send the document as multipart/form-data, with the file in a part named "file".',
    });
  });

  it('accepts the NLLB spelling of a language and answers with the catalogue code', async () => {
    const response = await post(
      form('a.txt', 'Hello there\n', { source_language: 'zho_Hans', target_language: 'zho_Hans' }),
      {
        accept: 'application/json',
      },
    );
    expect(response.json()).toMatchObject({ source_language: 'cmn_Hans', target_language: 'cmn_Hans' });
  });
});

describe('browsers on other origins', () => {
  it('may read the metadata headers', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/translate/document',
      payload: form('a.txt', 'Hi there\n', { source_language: 'eng_Latn', target_language: 'eng_Latn' }),
      headers: { origin: 'https://elsewhere.example' },
    });
    const exposed = String(response.headers['access-control-expose-headers']).split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining([
        'Content-Disposition',
        'X-Source-Language',
        'X-Target-Language',
        'X-Characters',
        'X-Processing-Time',
        'X-Document-Note',
      ]),
    );
  });
});

describe('limits are published', () => {
  it('in /status', async () => {
    const body = (await app.inject({ method: 'GET', url: '/status' })).json<StatusResponse>();
    expect(body.limits).toMatchObject({ max_document_bytes: MAX_BYTES, max_document_chars: MAX_CHARS });
  });

  it('in the OpenAPI document', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = spec.paths['/api/v1/translate/document'].post;
    expect(operation.description).toContain('256 KB per file, 3,000 characters');
    expect(Object.keys(operation.responses['200'].content)).toContain('application/json');
  });
});

describe('a document with more sentences than the translation queue holds', () => {
  it('is translated on an idle server, not refused as overloaded', async () => {
    const small = await buildTestApp({ SEMA_NLLB_MODEL: tinyModel, SEMA_QUEUE_LIMIT: '2' });
    try {
      await small.translation.translate({ text: 'Warm up.', source: 'eng_Latn', target: 'fra_Latn' });
      const text = Array.from({ length: 6 }, (_, i) => `Line ${i} of the notes.`).join('\n');
      const response = await small.inject({
        method: 'POST',
        url: '/api/v1/translate/document',
        payload: form('notes.txt', text, { target_language: 'fra_Latn', source_language: 'eng_Latn' }),
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.split('\n')).toHaveLength(6);
    } finally {
      await small.close();
    }
  }, 60_000);
});
