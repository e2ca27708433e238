import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { plainServer } from './plain-server.ts';

/**
 * A stand-in translation model behind the `remote` engine's protocol (another "Sema server":
 * `/status` and `/api/v1/translate/batch`) that records every sentence it is given, so a test sees
 * exactly what the model reads. Its "translation" is deterministic and keeps what a good model
 * keeps: `upper` writes the words in capitals and copies stand-ins and numbers; `lose` also drops
 * every stand-in (a model that mangles them); `drop-ampersand` drops every `&` it reads.
 */
export type RecordingMode = 'upper' | 'lose' | 'drop-ampersand';

const STAND_IN = /[[{]\d+[\]}]/g;

export function translateLike(mode: RecordingMode, sentence: string): string {
  if (mode === 'drop-ampersand') return sentence.replaceAll('&', '');
  const upper = sentence
    .split(STAND_IN)
    .map((words) => words.toUpperCase())
    .reduce((out, words, i) => out + (i > 0 ? (sentence.match(STAND_IN)![i - 1] ?? '') : '') + words, '');
  return mode === 'lose' ? upper.replace(STAND_IN, '') : upper;
}

export async function startRecordingTranslator(initial: RecordingMode = 'upper') {
  const received: string[][] = [];
  let mode = initial;
  const server = await plainServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/status') {
      response.end(
        JSON.stringify({
          engines: { translation: { state: 'ready', model: 'recording', model_id: 'recording' } },
        }),
      );
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const { texts } = JSON.parse(body) as { texts: string[] };
      received.push(texts);
      response.end(
        JSON.stringify({
          translations: texts.map((text) => ({ translated_text: translateLike(mode, text) })),
        }),
      );
    });
  });
  return {
    settings: { SEMA_TRANSLATION_ENGINE: 'remote', SEMA_TRANSLATION_URL: server.url },
    /** Every sentence the model has read, in order. */
    sentences: () => received.flat(),
    reset(next: RecordingMode = 'upper') {
      received.length = 0;
      mode = next;
    },
    close: () => server.close(),
  };
}

/**
 * For the calling file: a recording translator and an app listening that translates through it,
 * both closed after the tests, the record cleared before each. Read the fields inside the tests.
 */
export function appWithRecordingTranslator(): {
  translator: Awaited<ReturnType<typeof startRecordingTranslator>>;
  app: App;
  base: string;
} {
  const served = {} as ReturnType<typeof appWithRecordingTranslator>;
  beforeAll(async () => {
    served.translator = await startRecordingTranslator();
    served.app = await buildTestApp({ ...served.translator.settings, SEMA_RATE_LIMIT: '1000/minute' });
    served.base = (await listenOn(served.app)).base;
  }, 60_000);
  afterAll(async () => {
    await served.app?.close();
    await served.translator?.close();
  });
  beforeEach(() => served.translator.reset());
  return served;
}
