import { describe, expect, it } from 'vitest';
import { SHORT_MAX_CHARS, snippets, splitOf } from './udhr-split.ts';

describe('splitOf', () => {
  it('holds out about a fifth of the lines for test and a fifth for dev, by position', () => {
    const splits = Array.from({ length: 100 }, (_, index) => splitOf(index, 100));
    expect(splits.filter((split) => split === 'test')).toHaveLength(20);
    expect(splits.filter((split) => split === 'dev')).toHaveLength(20);
    expect(splits.slice(40, 50).every((split) => split === 'test')).toBe(true);
  });
});

describe('snippets', () => {
  it('cuts on word boundaries into pieces of at most 30 characters, losing no word', () => {
    const line =
      'Everyone has the right to life, liberty and security of person, without distinction of any kind.';
    const pieces = snippets(line);
    expect(pieces.every((piece) => piece.length <= SHORT_MAX_CHARS)).toBe(true);
    expect(pieces.join(' ')).toBe(line);
  });

  it('cuts text without spaces between characters, never before a combining mark', () => {
    const thai = 'ทุกคนมีสิทธิในการดำรงชีวิตเสรีภาพและความมั่นคงแห่งบุคคล';
    const pieces = snippets(thai);
    expect(pieces.join('')).toBe(thai);
    for (const piece of pieces.slice(1)) expect(piece).not.toMatch(/^\p{M}/u);
    expect(pieces.every((piece) => piece.length <= SHORT_MAX_CHARS)).toBe(true);
  });
});
