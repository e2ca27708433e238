import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyMarkers } from './marker-words.ts';

const heldOut = readFileSync(new URL('./data/udhr-test.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\t') as [string, string]);

describe('marker words', () => {
  it('lift an Arabic dialect above Modern Standard Arabic only when its words are there', () => {
    const scores = new Map([
      ['ara_Arab', 0.9],
      ['arz_Arab', 0.001],
      ['apc_Arab', 0.001],
    ]);
    const egyptian = applyMarkers('أنا مش عارف ليه هو عايز كده دلوقتي', scores);
    expect([...egyptian].sort((a, b) => b[1] - a[1])[0]![0]).toBe('arz_Arab');
    const standard = applyMarkers('أعلنت الحكومة عن خطة جديدة للتنمية الاقتصادية', scores);
    expect([...standard].sort((a, b) => b[1] - a[1])[0]![0]).toBe('ara_Arab');
  });

  it('never take held-out text away from its own language', () => {
    const languages = [
      'ara_Arab',
      'arz_Arab',
      'kik_Latn',
      'kam_Latn',
      'luo_Latn',
      'kac_Latn',
      'pag_Latn',
      'eng_Latn',
    ];
    for (const [language, text] of heldOut) {
      const scores = new Map(
        languages.map((code) => [code, code === language ? 0.9 : 0.1 / languages.length]),
      );
      if (!scores.has(language)) scores.set(language, 0.9);
      const adjusted = applyMarkers(text, scores);
      const best = [...adjusted].sort((a, b) => b[1] - a[1])[0]![0];
      expect(best, text).toBe(language);
    }
  });
});
