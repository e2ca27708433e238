// Issue 7's benchmark (document translation), offline:
//  1. format adapters alone (read + rebuild with an identity "translation"), MB/s per format;
//  2. a 300-line .txt through POST /api/v1/translate/document versus the same lines sent as 300
//     POST /api/v1/translate requests (16 at a time, as a careful client would), side by side, on the
//     tiny NLLB model with the sentence cache off;
//  3. hostile packages: how fast a zip bomb is refused and how much memory it costs;
//  4-5. issue 29's localisation files (XLIFF, PO, ARB): adapters alone (MB/s, units/s), and a
//     300-unit XLIFF through the document route versus its units sent one request each;
//  6. issue 29's office formats (xlsx, pptx, odt, ods, odp, epub): the adapters alone (MB/s, units/s),
//     then 200 units in one document through the route versus 200 POST /api/v1/translate calls.
// Run alone with `node --import tsx bench/documents.ts`, or through `npm run bench`.
import path from 'node:path';
import { zipSync } from 'fflate';
import { documentLimits, prepareDocument } from '@sema/server/documents';
import {
  makeDocx,
  makeEpub,
  makeOdp,
  makeOds,
  makeOdt,
  makePdf,
  makePptx,
  makeStringsdict,
  makeXlsx,
  zipFixture,
} from '@sema/server/documents-testing';
import { fmt, root, startSema, table } from './lib.mjs';
import { waitFor } from '@sema/testkit/wait-for';

const limits = documentLimits({ maxFileBytes: 64 * 1024 * 1024, maxChars: 10_000_000 });
const sentence = (i: number) => `Paragraph ${i} tells how the river rose and the village moved uphill.`;

async function fixtures(): Promise<Array<[string, Uint8Array]>> {
  const n = 5000;
  const lines = Array.from({ length: n }, (_, i) => sentence(i));
  const encode = (text: string) => new TextEncoder().encode(text);
  // A docx of n paragraphs: the generated one's body repeated (same styles, real package).
  const { unzipSync } = await import('fflate');
  const base = unzipSync(await makeDocx());
  const xml = new TextDecoder().decode(base['word/document.xml']);
  const paragraph = '<w:p><w:r><w:t xml:space="preserve">PLACEHOLDER</w:t></w:r></w:p>';
  const body = lines.map((line) => paragraph.replace('PLACEHOLDER', line)).join('');
  base['word/document.xml'] = encode(xml.replace('<w:body>', `<w:body>${body}`));
  return [
    ['txt', encode(lines.join('\n'))],
    [
      'md',
      encode(
        lines
          .map((line, i) => (i % 10 === 0 ? `## ${line}` : `- *${line}* [link](https://x.org/${i})`))
          .join('\n'),
      ),
    ],
    [
      'html',
      encode(
        `<html><body>${lines.map((line) => `<p title="${line}">${line} <b>bold</b></p>`).join('\n')}</body></html>`,
      ),
    ],
    ['srt', encode(lines.map((line, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\n${line}\n`).join('\n'))],
    [
      'json',
      encode(
        JSON.stringify(Object.fromEntries(lines.map((line, i) => [`key_${i}`, `${line} {name}`])), null, 2),
      ),
    ],
    ['docx', zipSync(base)],
    ['pdf', makePdf(Array.from({ length: 50 }, (_, page) => lines.slice(page * 40, page * 40 + 40)))],
  ];
}

/** Reads and rebuilds a file with an identity translation: the median of 3 runs, and its segments. */
async function readAndRebuild(
  format: string,
  bytes: Uint8Array,
  options: { target?: string } = {},
): Promise<{ ms: number; segments: number }> {
  const times: number[] = [];
  let segments = 0;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    const prepared = await prepareDocument({ fileName: `bench.${format}`, bytes }, limits, options);
    await prepared.rebuild(prepared.segments);
    times.push(performance.now() - started);
    segments = prepared.segments.length;
  }
  return { ms: times.sort((a, b) => a - b)[1]!, segments };
}

/** One row per file, read and rebuilt with `readAndRebuild`; with units/s when asked. */
async function adapterRows(
  files: ReadonlyArray<readonly [string, Uint8Array]>,
  { unitsPerSecond = false } = {},
): Promise<string[][]> {
  const rows = [
    ['format', 'size', 'segments', 'read + rebuild', 'MB/s', ...(unitsPerSecond ? ['units/s'] : [])],
  ];
  for (const [format, bytes] of files) {
    const { ms, segments } = await readAndRebuild(format, bytes);
    rows.push([
      format,
      `${fmt(bytes.length / 1024)} KB`,
      String(segments),
      `${fmt(ms)} ms`,
      fmt(bytes.length / 1024 / 1024 / (ms / 1000), 1),
      ...(unitsPerSecond ? [fmt(segments / (ms / 1000))] : []),
    ]);
  }
  return rows;
}

async function adapters() {
  const rows = await adapterRows(await fixtures());
  console.log('\n1. Adapters alone (median of 3; identity translation)');
  console.log(table(rows));
}

/** Resolves once the server's translation engine is ready. */
function waitForTranslation(url: string) {
  return waitFor(
    async () => {
      const status = (await (await fetch(`${url}/status`)).json()) as {
        engines: { translation: { state: string } };
      };
      return status.engines.translation.state === 'ready';
    },
    { timeout: 60_000, interval: 100, what: 'the translation engine to be ready' },
  );
}

/** Each text as its own POST /api/v1/translate, 16 at a time, as a careful client would send them. */
async function translateOneByOne(url: string, texts: readonly string[]): Promise<void> {
  const queue = [...texts];
  const worker = async () => {
    for (let text = queue.shift(); text !== undefined; text = queue.shift()) {
      const response = await fetch(`${url}/api/v1/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'fra_Latn' }),
      });
      if (!response.ok) throw new Error(`translate: ${response.status}`);
      await response.json();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** A Sema server on the tiny NLLB model with the sentence cache off, its engine ready. */
async function startTinySema() {
  const sema = await startSema({
    SEMA_NLLB_MODEL: path.join(root, 'apps/server/test/fixtures/tiny-nllb'),
    SEMA_TRANSLATION_CACHE_SIZE: '0',
  });
  await waitForTranslation(sema.url);
  return sema;
}

async function routeVersusRequests() {
  const sema = await startTinySema();
  try {
    const lines = (run: number) => Array.from({ length: 300 }, (_, i) => `${sentence(i)} Run ${run}.`);
    const viaDocument = (run: number) =>
      translateDocumentOnce(sema.url, 'story.txt', new TextEncoder().encode(lines(run).join('\n')));
    const viaRequests = (run: number) => translateOneByOne(sema.url, lines(run));
    await viaDocument(0); // warm-up (starts the document worker)
    // Interleaved, best of 3 each: other load on the machine hits both sides alike.
    const documentRuns: number[] = [];
    const requestRuns: number[] = [];
    for (let round = 1; round <= 3; round += 1) {
      documentRuns.push(await time(() => viaDocument(round * 2 - 1)));
      requestRuns.push(await time(() => viaRequests(round * 2)));
    }
    const documentMs = Math.min(...documentRuns);
    const requestsMs = Math.min(...requestRuns);
    console.log('\n2. 300 lines, tiny NLLB model, cache off (best of 3, interleaved)');
    console.log(
      table([
        ['path', 'time', 'vs document'],
        ['POST /translate/document (one .txt)', `${fmt(documentMs)} ms`, '1.00'],
        ['300 × POST /translate, 16 at a time', `${fmt(requestsMs)} ms`, fmt(requestsMs / documentMs, 2)],
      ]),
    );
  } finally {
    await sema.stop();
  }
}

async function bombs() {
  const zeros = new Uint8Array(200 * 1024 * 1024);
  const honest = zipSync(
    { '[Content_Types].xml': new Uint8Array(1), 'word/document.xml': zeros },
    { level: 9 },
  );
  const lying = new Uint8Array(honest);
  // Declare 100 bytes for the 200 MB entry, in its local and central headers.
  const view = new DataView(lying.buffer);
  for (let i = 0; i < lying.length - 4; i += 1) {
    const signature = view.getUint32(i, true);
    if (
      signature === 0x04034b50 &&
      new TextDecoder().decode(lying.subarray(i + 30, i + 47)) === 'word/document.xml'
    )
      view.setUint32(i + 22, 100, true);
    if (
      signature === 0x02014b50 &&
      new TextDecoder().decode(lying.subarray(i + 46, i + 63)) === 'word/document.xml'
    )
      view.setUint32(i + 24, 100, true);
  }
  const rows = [['package', 'compressed', 'answer', 'time', 'RSS growth']];
  for (const [name, bytes] of [
    ['honest sizes', honest],
    ['lying sizes', lying],
  ] as const) {
    globalThis.gc?.();
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const outcome = await prepareDocument(
      { fileName: 'bomb.docx', bytes },
      documentLimits({ maxFileBytes: 5 * 1024 * 1024, maxChars: 100_000 }),
    ).then(
      () => 'accepted (!)',
      (error: { statusCode?: number; code?: string }) => `${error.statusCode} ${error.code}`,
    );
    rows.push([
      name,
      `${fmt(bytes.length / 1024)} KB`,
      outcome,
      `${fmt(performance.now() - started, 1)} ms`,
      `${fmt((process.memoryUsage().rss - rss) / 1024 / 1024, 1)} MB`,
    ]);
  }
  console.log('\n3. A 200 MB zip bomb (compressed to a few hundred KB) named .docx');
  console.log(table(rows));
}

/** Issue 29: the translators' files, `n` units each, with plurals, context and placeholders. */
function localisationFixtures(n: number): Array<[string, string]> {
  const units = Array.from({ length: n }, (_, i) => sentence(i));
  const xliff = `<?xml version="1.0"?>\n<xliff version="1.2"><file source-language="en"><body>\n${units
    .map((unit, i) => `<trans-unit id="u${i}"><source>${unit} <g id="1">Save</g> %s</source></trans-unit>`)
    .join('\n')}\n</body></file></xliff>\n`;
  const po = `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${units
    .map((unit, i) =>
      i % 10 === 0
        ? `#: src/a.c:${i}\nmsgid "${unit} (one)"\nmsgid_plural "${unit} (%d)"\nmsgstr[0] ""\nmsgstr[1] ""\n`
        : `#: src/a.c:${i}\nmsgctxt "c${i}"\nmsgid "${unit} %(name)s"\nmsgstr ""\n`,
    )
    .join('\n')}`;
  const arb = JSON.stringify(
    Object.fromEntries(
      units.flatMap((unit, i) => [
        [`key${i}`, `{count, plural, one {${unit}} other {{count} ${unit}}}`],
        [`@key${i}`, { description: 'A message' }],
      ]),
    ),
    null,
    2,
  );
  const stringsdict = makeStringsdict(
    units.map((unit, i) => ({
      key: `k${i}`,
      format: '%#@n@',
      variable: 'n',
      valueType: 'd',
      categories: { one: `%d ${unit}`, other: `%d ${unit} %@` },
    })),
  );
  return [
    ['xlf', xliff],
    ['po', po],
    ['arb', arb],
    ['stringsdict', stringsdict],
  ];
}

async function localisationAdapters() {
  const rows = [['format', 'size', 'units', 'segments', 'read + rebuild', 'MB/s', 'units/s']];
  const n = 5000;
  for (const [format, text] of localisationFixtures(n)) {
    const bytes = new TextEncoder().encode(text);
    const { ms, segments } = await readAndRebuild(format, bytes, { target: 'rus_Cyrl' });
    rows.push([
      format,
      `${fmt(bytes.length / 1024)} KB`,
      String(n),
      String(segments),
      `${fmt(ms)} ms`,
      fmt(bytes.length / 1024 / 1024 / (ms / 1000), 1),
      fmt(n / (ms / 1000)),
    ]);
  }
  console.log('\n4. Localisation files, adapters alone (median of 3; identity translation; target rus_Cyrl)');
  console.log(table(rows));
}

/** A 300-unit XLIFF through the document route versus its 300 sources sent one request each. */
async function xliffVersusRequests() {
  const sema = await startTinySema();
  try {
    const sources = (run: number) => Array.from({ length: 300 }, (_, i) => `${sentence(i)} Run ${run}.`);
    const viaDocument = async (run: number) => {
      const units = sources(run).map(
        (source, i) => `<trans-unit id="u${i}"><source>${source}</source></trans-unit>`,
      );
      const form = new FormData();
      form.append('source_language', 'eng_Latn');
      form.append('target_language', 'fra_Latn');
      const xliff = `<xliff version="1.2"><file source-language="en"><body>${units.join('')}</body></file></xliff>`;
      form.append('file', new Blob([xliff]), 'app.xlf');
      const response = await fetch(`${sema.url}/api/v1/translate/document`, { method: 'POST', body: form });
      if (!response.ok) throw new Error(`document: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await viaDocument(0); // warm-up (starts the document worker)
    const documentRuns: number[] = [];
    const requestRuns: number[] = [];
    for (let round = 1; round <= 3; round += 1) {
      documentRuns.push(await time(() => viaDocument(round * 2 - 1)));
      requestRuns.push(await time(() => translateOneByOne(sema.url, sources(round * 2))));
    }
    const documentMs = Math.min(...documentRuns);
    const requestsMs = Math.min(...requestRuns);
    console.log('\n5. A 300-unit XLIFF, tiny NLLB model, cache off (best of 3, interleaved)');
    console.log(
      table([
        ['path', 'time', 'units/s', 'vs document'],
        [
          'POST /translate/document (one .xlf)',
          `${fmt(documentMs)} ms`,
          fmt(300 / (documentMs / 1000)),
          '1.00',
        ],
        [
          '300 × POST /translate, 16 at a time',
          `${fmt(requestsMs)} ms`,
          fmt(300 / (requestsMs / 1000)),
          fmt(requestsMs / documentMs, 2),
        ],
      ]),
    );
  } finally {
    await sema.stop();
  }
}

/**
 * Issue 29's formats, grown to `units` paragraphs (cells, slides' paragraphs, chapter paragraphs):
 * each realistic fixture with `units` more text units written into its main text part, before the
 * first `anchor` (the end of a list of strings, a text body, a table or a chapter).
 */
async function officeFixtures(units: number, words: (i: number) => string) {
  const { unzipSync } = await import('fflate');
  const grow = (bytes: Uint8Array, part: string, anchor: string, unit: (text: string) => string) => {
    const parts = unzipSync(bytes);
    const xml = new TextDecoder().decode(parts[part]);
    const added = Array.from({ length: units }, (_, i) => unit(words(i))).join('');
    parts[part] = new TextEncoder().encode(xml.replace(anchor, `${added}${anchor}`));
    // `mimetype` stays first and stored, as ODF and EPUB readers need.
    return zipFixture(parts, ['mimetype']);
  };
  const cell = (text: string) =>
    `<table:table-row><table:table-cell office:value-type="string"><text:p>${text}</text:p></table:table-cell></table:table-row>`;
  return [
    ['xlsx', grow(await makeXlsx(), 'xl/sharedStrings.xml', '</sst>', (text) => `<si><t>${text}</t></si>`)],
    [
      'pptx',
      grow(
        makePptx(),
        'ppt/slides/slide1.xml',
        '</p:txBody>',
        (text) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${text}</a:t></a:r></a:p>`,
      ),
    ],
    ['odt', grow(makeOdt(), 'content.xml', '</office:text>', (text) => `<text:p>${text}</text:p>`)],
    ['ods', grow(makeOds(), 'content.xml', '</table:table>', cell)],
    ['odp', grow(makeOdp(), 'content.xml', '</draw:text-box>', (text) => `<text:p>${text}</text:p>`)],
    ['epub', grow(makeEpub(), 'OEBPS/chapter1.xhtml', '</body>', (text) => `<p>${text}</p>`)],
  ] as const;
}

async function officeAdapters() {
  const rows = await adapterRows(await officeFixtures(5000, sentence), { unitsPerSecond: true });
  console.log(
    '\n6a. Office, OpenDocument and EPUB adapters alone (5,000 added units; size is the ZIP package, median of 3)',
  );
  console.log(table(rows));
}

/** Sends one file to POST /api/v1/translate/document and waits for the JSON answer. */
async function translateDocumentOnce(url: string, fileName: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('source_language', 'eng_Latn');
  form.append('target_language', 'fra_Latn');
  form.append('file', new Blob([bytes]), fileName);
  const response = await fetch(`${url}/api/v1/translate/document`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`document: ${response.status} ${await response.text()}`);
  await response.json();
}

async function officeVersusRequests() {
  const units = 200;
  const sema = await startTinySema();
  try {
    const rows = [['format', 'one document', 'units/s', `${units} × /translate`, 'units/s', 'speed-up']];
    // Warm-up: starts the document worker, which the first file would otherwise wait for.
    await translateDocumentOnce(sema.url, 'warm-up.txt', new TextEncoder().encode('Warm up.'));
    let run = 0;
    for (const format of ['xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub']) {
      // Numbered per run, so no two runs translate the same sentences.
      run += 1;
      const words = (i: number) => `${sentence(i)} Run ${run}.`;
      const [, file] = (await officeFixtures(units, words)).find(([name]) => name === format)!;
      const documentMs = await time(() => translateDocumentOnce(sema.url, `bench.${format}`, file));
      const texts = Array.from({ length: units }, (_, i) => `${sentence(i)} Calls ${run}.`);
      const requestsMs = await time(() => translateOneByOne(sema.url, texts));
      rows.push([
        format,
        `${fmt(documentMs)} ms`,
        fmt(units / (documentMs / 1000)),
        `${fmt(requestsMs)} ms`,
        fmt(units / (requestsMs / 1000)),
        fmt(requestsMs / documentMs, 2),
      ]);
    }
    console.log(
      `\n6b. ${units} units per file, tiny NLLB model, cache off: one document vs one call per unit`,
    );
    console.log(table(rows));
  } finally {
    await sema.stop();
  }
}

await adapters();
await routeVersusRequests();
await bombs();
await localisationAdapters();
await xliffVersusRequests();
await officeAdapters();
await officeVersusRequests();
