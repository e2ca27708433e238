import type { EngineStatus, StatusResponse } from '@sema/shared/api/schemas';
import { describe, expect, it } from 'vitest';

import { pairQualityNote } from './pair-quality';

const withTranslation = (translation: EngineStatus): StatusResponse => ({
  status: 'healthy',
  version: '0.1.0',
  uptime_seconds: 1,
  timestamp: new Date().toISOString(),
  engines: { translation, detection: { state: 'ready' }, chat: { state: 'ready' } },
  limits: { max_text_chars: 5000, rate_limit: null },
});

const served = withTranslation({
  state: 'ready',
  quality: [
    {
      pair: 'eng_Latn-lug_Latn',
      models: ['Xenova/opus-mt-en-lg'],
      chrf: 35.9,
      chrf_basis: 'best published OPUS-MT release',
      quality: 'rough',
      words: 'rough: often only the topic and key words',
      why: 'the pair model configured for this pair',
    },
  ],
});

describe('pairQualityNote', () => {
  it('tells a tabled pair in a word, what it means, and the figure with its model', () => {
    expect(pairQualityNote(served, 'eng_Latn', 'lug_Latn')).toEqual({
      label: 'Rough',
      meaning: 'often only the topic and key words',
      figure:
        "chrF++ 35.9 on FLORES-200 (Xenova/opus-mt-en-lg, best published OPUS-MT release), published by Helsinki-NLP's MT leaderboards",
    });
  });

  it('says there is no published figure for any other pair', () => {
    expect(pairQualityNote(served, 'fra_Latn', 'deu_Latn')).toEqual({
      label: 'No published figure',
      meaning: undefined,
      figure: undefined,
    });
  });

  it('says nothing without a pair, or when the server does not tell quality', () => {
    expect(pairQualityNote(served, undefined, 'lug_Latn')).toBeUndefined();
    expect(pairQualityNote(withTranslation({ state: 'ready' }), 'eng_Latn', 'lug_Latn')).toBeUndefined();
    expect(pairQualityNote(undefined, 'eng_Latn', 'lug_Latn')).toBeUndefined();
  });
});
