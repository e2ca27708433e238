import type http from 'node:http';

import { describe, expect, it } from 'vitest';

import { hashText } from '@/lib/hash-text';
import { storageKey } from '@/lib/query-cache';

import { detectLanguage } from './detect-language';
import { translateText, translationKey } from '@/lib/translate-text';
import { serveApiDuringTests } from '@/testing/api-server';

let hits = 0;
const answer: http.RequestListener = (request, response) => {
  hits += 1;
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(
    JSON.stringify(
      request.url?.endsWith('/detect-language')
        ? { detected_language: 'eng_Latn', confidence: 0.9, alternatives: [] }
        : {
            translated_text: 'Salut',
            source_language: 'eng_Latn',
            target_language: 'fra_Latn',
            confidence_score: 0.9,
            processing_time: 0.01,
          },
    ),
  );
};

serveApiDuringTests(answer);

const stored = (key: readonly (string | number)[]) =>
  JSON.parse(window.sessionStorage.getItem(storageKey(key)) ?? 'null') as { ttl: number } | null;

describe('translation and detection cache (browser storage)', () => {
  it('answers a repeated translation from session storage without a request', async () => {
    const cached = {
      translated_text: 'Bonjour',
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
      confidence_score: 1,
      processing_time: 0.2,
    };
    window.sessionStorage.setItem(
      storageKey(translationKey('Hello', 'auto', 'fra_Latn')),
      JSON.stringify({ data: cached, timestamp: Date.now(), ttl: 3_600_000, version: '1.0.0' }),
    );
    hits = 0;
    expect(await translateText({ text: 'Hello', target_language: 'fra_Latn' })).toEqual(cached);
    expect(hits).toBe(0);
  });

  it('keeps a translation for one hour and a detection for 30 minutes, in session storage', async () => {
    await translateText({ text: 'Hi', target_language: 'fra_Latn' });
    expect(stored(translationKey('Hi', 'auto', 'fra_Latn'))?.ttl).toBe(60 * 60_000);
    await detectLanguage({ text: 'Hi there' });
    expect(stored(['detection', hashText('Hi there')])?.ttl).toBe(30 * 60_000);
  });

  it('keys a translation by a hash of the text and both languages, the source defaulting to auto', () => {
    const long = 'word '.repeat(2000);
    const key = storageKey(translationKey(long, 'auto', 'fra_Latn'));
    expect(key.length).toBeLessThan(70);
    expect(key).toMatch(/^sema_cache_translation_.+_auto_fra_Latn$/);
    expect(storageKey(translationKey(long, 'eng_Latn', 'fra_Latn'))).toMatch(/_eng_Latn_fra_Latn$/);
    expect(translationKey('a', 'auto', 'fra_Latn')).not.toEqual(translationKey('b', 'auto', 'fra_Latn'));
  });
});
