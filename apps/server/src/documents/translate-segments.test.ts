import { describe, expect, it } from 'vitest';
import { translateSegments, type SegmentProgress, type TranslateTexts } from './translate-segments.ts';

function recorder() {
  const calls: string[][] = [];
  const translate: TranslateTexts = async (texts) => {
    calls.push(texts);
    return texts.map((text) => `<${text}>`);
  };
  return { calls, translate };
}

const options = (translateTexts: TranslateTexts, extra: object = {}) => ({
  source: 'eng_Latn',
  target: 'fra_Latn',
  translateTexts,
  signal: new AbortController().signal,
  ...extra,
});

describe('translateSegments', () => {
  it('translates each distinct text once and returns translations in segment order', async () => {
    const { calls, translate } = recorder();
    const result = await translateSegments(['Yes', 'No', 'Yes', 'Maybe'], options(translate));
    expect(result).toEqual(['<Yes>', '<No>', '<Yes>', '<Maybe>']);
    expect(calls.flat()).toEqual(['Yes', 'No', 'Maybe']);
  });

  it('works in chunks and reports progress in characters, ending at the total', async () => {
    const { calls, translate } = recorder();
    const progress: SegmentProgress[] = [];
    const segments = Array.from({ length: 10 }, (_, i) => `Sentence number ${i}`);
    await translateSegments(
      segments,
      options(translate, { chunkSegments: 4, onProgress: (p: SegmentProgress) => progress.push(p) }),
    );
    expect(calls.map((chunk) => chunk.length)).toEqual([4, 4, 2]);
    const total = segments.join('').length;
    expect(progress.map((p) => p.done)).toEqual([0, 68, 136, total]);
    expect(progress.every((p) => p.total === total)).toBe(true);
  });

  it('does not call the engine when source and target are the same language', async () => {
    const { calls, translate } = recorder();
    expect(await translateSegments(['Hi'], { ...options(translate), target: 'eng_Latn' })).toEqual(['Hi']);
    expect(calls).toEqual([]);
  });

  it('stops between chunks once the request is cancelled', async () => {
    const controller = new AbortController();
    let calls = 0;
    const translate: TranslateTexts = async (texts) => {
      calls += 1;
      controller.abort();
      return texts;
    };
    await expect(
      translateSegments(['a1', 'b2', 'c3'], {
        ...options(translate),
        signal: controller.signal,
        chunkSegments: 1,
      }),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it('refuses an engine answer with the wrong number of translations', async () => {
    await expect(
      translateSegments(
        ['a', 'b'],
        options(async () => ['only one']),
      ),
    ).rejects.toThrow(/1 translations for 2 texts/);
  });
});
