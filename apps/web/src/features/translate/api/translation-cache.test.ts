import { describe, expect, it } from 'vitest';

import { CACHE_PREFIX, cacheKeys } from '@/lib/cache';

import { translateText } from './translate-text';

describe('translation cache (browser storage)', () => {
  it('answers a repeated translation from session storage without a request', async () => {
    const cached = {
      translated_text: 'Bonjour',
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
      confidence_score: 1,
      processing_time: 0.2,
    };
    window.sessionStorage.setItem(
      CACHE_PREFIX + cacheKeys.translation('Hello', 'fra_Latn', 'auto'),
      JSON.stringify({ data: cached, timestamp: Date.now(), ttl: 3_600_000, version: '1.0.0' }),
    );
    // No server is running for this test: an answer proves it came from the cache.
    expect(await translateText({ text: 'Hello', target_language: 'fra_Latn' })).toEqual(cached);
  });
});
