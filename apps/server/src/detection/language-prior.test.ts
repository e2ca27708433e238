import { describe, expect, it } from 'vitest';
import { CATALOGUE, POPULAR_CODES } from '@sema/shared/languages/catalogue';
import { applyPrior, priorExponent } from './language-prior.ts';
import { SPEAKERS_MILLIONS, mostSpoken } from './speakers.ts';

describe('speaker figures', () => {
  it('give every catalogue language a positive figure, and nothing else', () => {
    const codes = CATALOGUE.map(({ code }) => code);
    expect(Object.keys(SPEAKERS_MILLIONS).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(SPEAKERS_MILLIONS[code], code).toBeGreaterThan(0);
  });

  it('rank the popular set among the 60 most spoken, big languages above their small neighbours', () => {
    const top = mostSpoken(60);
    expect(top).toHaveLength(60);
    for (const code of POPULAR_CODES) expect(top, code).toContain(code);
    expect(SPEAKERS_MILLIONS.por_Latn!).toBeGreaterThan(100 * SPEAKERS_MILLIONS.kea_Latn!);
    expect(SPEAKERS_MILLIONS.rus_Cyrl!).toBeGreaterThan(10 * SPEAKERS_MILLIONS.mkd_Cyrl!);
    expect(SPEAKERS_MILLIONS.ind_Latn!).toBeGreaterThan(SPEAKERS_MILLIONS.zsm_Latn!);
  });
});

describe('prior over languages', () => {
  const settings = { weight: 0.5, halfLength: 10 };
  // The model's reading of a text that fits Cape Verdean Creole a little better than Portuguese.
  const reading = () =>
    new Map([
      ['kea_Latn', 0.6],
      ['por_Latn', 0.4],
    ]);

  it('weighs less as the text grows: half at the half-length, next to nothing for a paragraph', () => {
    expect(priorExponent(0, settings)).toBe(0.5);
    expect(priorExponent(10, settings)).toBeCloseTo(0.25);
    expect(priorExponent(1000, settings)).toBeLessThan(0.01);
  });

  it('leans a short text to the widely spoken language', () => {
    const weighed = applyPrior(reading(), 8, settings);
    expect(weighed.get('por_Latn')!).toBeGreaterThan(weighed.get('kea_Latn')!);
    expect(weighed.get('por_Latn')! + weighed.get('kea_Latn')!).toBeCloseTo(1);
  });

  it('leaves a long text to the model', () => {
    const weighed = applyPrior(reading(), 2000, settings);
    expect(weighed.get('kea_Latn')!).toBeGreaterThan(weighed.get('por_Latn')!);
  });

  it('does nothing when turned off', () => {
    expect(applyPrior(reading(), 3, { weight: 0, halfLength: 10 })).toEqual(reading());
  });
});
