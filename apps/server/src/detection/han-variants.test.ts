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
});
