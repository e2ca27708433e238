import { describe, expect, it } from 'vitest';

import { liveDetectionOf } from './use-live-detection';

const response = (confidence: number, alternatives: { language: string; confidence: number }[]) => ({
  detected_language: 'kin_Latn',
  confidence,
  alternatives,
  language_name: 'Kinyarwanda',
  native_name: 'Ikinyarwanda',
});

describe('liveDetectionOf', () => {
  it('names the runner-up when it is near the answer', () => {
    expect(liveDetectionOf(response(0.55, [{ language: 'run_Latn', confidence: 0.4 }]))).toEqual({
      code: 'kin_Latn',
      confidence: 0.55,
      near: 'run_Latn',
    });
  });

  it('keeps a far runner-up, or none, to itself', () => {
    expect(liveDetectionOf(response(0.95, [{ language: 'run_Latn', confidence: 0.03 }]))).toEqual({
      code: 'kin_Latn',
      confidence: 0.95,
    });
    expect(liveDetectionOf(response(0.95, []))).toEqual({ code: 'kin_Latn', confidence: 0.95 });
  });
});
