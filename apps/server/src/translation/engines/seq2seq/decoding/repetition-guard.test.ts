import { describe, expect, it } from 'vitest';
import { hasLoop, loopCut } from './repetition-guard.ts';

describe('loopCut', () => {
  it('cuts a single token repeated twelve times down to one copy', () => {
    const tokens = [5, 6, ...Array<number>(12).fill(7)];
    expect(loopCut(tokens)).toBe(3);
    expect(loopCut(tokens.slice(0, -1))).toBeUndefined();
  });

  it('cuts a phrase repeated three times back to back', () => {
    const phrase = [10, 11, 12, 13, 14];
    const tokens = [1, 2, ...phrase, ...phrase, ...phrase];
    expect(loopCut(tokens)).toBe(2 + phrase.length);
  });

  it('leaves ordinary text and short repetitions alone', () => {
    expect(loopCut([1, 2, 3, 4, 5, 6, 7, 8])).toBeUndefined();
    expect(loopCut([9, 9, 9, 9])).toBeUndefined(); // "ha ha ha ha"
    expect(loopCut([1, 2, 1, 2, 1, 2])).toBeUndefined();
  });

  it('looks only at the end of the sequence', () => {
    expect(loopCut([...Array<number>(12).fill(3), 4])).toBeUndefined();
    expect(hasLoop([...Array<number>(12).fill(3), 4])).toBe(true);
    expect(hasLoop([1, 2, 3, 4])).toBe(false);
  });
});
