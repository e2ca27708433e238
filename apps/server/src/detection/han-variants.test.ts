import { describe, expect, it } from 'vitest';
import { HAN_PAIR_TABLES, countHanVariants } from './han-variants.ts';

describe('Han variant tables', () => {
  it('pair every simplified character with a different traditional one, none in both lists', () => {
    const simplified = [...HAN_PAIR_TABLES.simplified];
    const traditional = [...HAN_PAIR_TABLES.traditional];
    expect(simplified).toHaveLength(traditional.length);
    expect(new Set(simplified).size).toBe(simplified.length);
    expect(simplified.filter((char) => traditional.includes(char))).toEqual([]);
  });

  it('counts 係 as Cantonese, except in the Mandarin word 關係', () => {
    expect(countHanVariants('佢係學生').cantonese).toBe(2);
    expect(countHanVariants('兩國關係很好').cantonese).toBe(0);
  });

  it('counts Cantonese words written with characters Mandarin shares, in either script', () => {
    expect(countHanVariants('而家幾多錢呀？').cantonese).toBe(2);
    expect(countHanVariants('我钟意你').cantonese).toBe(1);
    expect(countHanVariants('现在几点了？').cantonese).toBe(0);
  });
});
