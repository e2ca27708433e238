import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyMarkers } from './marker-words.ts';

const heldOut = readFileSync(
  new URL('../../scripts/detector-training/data/udhr-test.tsv', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split('\t') as [string, string]);

/** Detector scores by language, as the detector hands them to the marker words. */
const scoreMap = (byLanguage: Record<string, number>) => new Map(Object.entries(byLanguage));

/** The language with the highest score. */
const top = (scored: Map<string, number>) => [...scored].sort((a, b) => b[1] - a[1])[0]![0];

describe('marker words', () => {
  it('lift an Arabic dialect above Modern Standard Arabic only when its words are there', () => {
    const scores = scoreMap({ ara_Arab: 0.9, arz_Arab: 0.001, apc_Arab: 0.001 });
    const egyptian = applyMarkers('أنا مش عارف ليه هو عايز كده دلوقتي', scores);
    expect(top(egyptian)).toBe('arz_Arab');
    const standard = applyMarkers('أعلنت الحكومة عن خطة جديدة للتنمية الاقتصادية', scores);
    expect(top(standard)).toBe('ara_Arab');
  });

  it('let one dialect word decide a short message, but only against standard Arabic', () => {
    const arabic = scoreMap({ ara_Arab: 0.8, pbt_Arab: 0.2, arz_Arab: 1e-4, apc_Arab: 1e-4, ary_Arab: 1e-4 });
    expect(top(applyMarkers('ازيك يا صاحبي', arabic))).toBe('arz_Arab');
    expect(top(applyMarkers('كيفك اليوم؟', arabic))).toBe('apc_Arab');
    expect(top(applyMarkers('لاباس عليك؟', arabic))).toBe('ary_Arab');
    // Pashto "دي" ("are") is Egyptian "this": three of them must not make Pashto text Egyptian.
    const pashto = scoreMap({ pbt_Arab: 0.98, ara_Arab: 0.01, arz_Arab: 0.01 });
    expect(top(applyMarkers('دا کتاب دي، هغه هم دي، دوی هم دي', pashto))).toBe('pbt_Arab');
  });

  it('offer no Arabic variety as a serious alternative to Standard Arabic without its words', () => {
    const scores = scoreMap({ ara_Arab: 0.9, pes_Arab: 0.1, arz_Arab: 1e-6, ars_Arab: 1e-6, acq_Arab: 1e-6 });
    const standard = applyMarkers('أعلنت الحكومة عن خطة جديدة للتنمية الاقتصادية في العام المقبل', scores);
    for (const variety of ['arz_Arab', 'ars_Arab', 'acq_Arab'])
      expect(standard.get(variety)!, variety).toBeLessThan(0.005 * standard.get('ara_Arab')!);
    // One word of Najdi is still enough to lift it over the standard.
    const najdi = applyMarkers('وش تبي الحين؟', scores);
    expect(top(najdi)).toBe('ars_Arab');
  });

  it('give Galician and Asturian greetings back from Spanish', () => {
    const romance = scoreMap({ spa_Latn: 0.6, por_Latn: 0.2, glg_Latn: 0.1, ast_Latn: 0.1 });
    expect(top(applyMarkers('Moitas grazas, ata mañá', romance))).toBe('glg_Latn');
    expect(top(applyMarkers('¡Munches gracies! ¿Ónde tas?', romance))).toBe('ast_Latn');
    expect(top(applyMarkers('Muchas gracias, hasta mañana', romance))).toBe('spa_Latn');
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
      const best = top(adjusted);
      expect(best, text).toBe(language);
    }
  });
});
