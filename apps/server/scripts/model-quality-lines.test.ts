import { describe, expect, it } from 'vitest';
import { qualityLines } from './model-quality-lines.ts';

describe('qualityLines (npm run models -- list)', () => {
  it("tells a pair model's configured pairs with figure and word", () => {
    const lines = qualityLines(
      { name: '/srv/models/m2m100_418M', licence: 'MIT' },
      [{ source: 'eng_Latn', target: 'som_Latn' }],
      'any',
    );
    expect(lines).toEqual([
      'quality: English → Somali 8.4 poor — published chrF++, FLORES-200 devtest (Helsinki-NLP MT leaderboards)',
    ]);
  });

  it('tells a main model both ways, sorted by language, and a commercial server that it is not used', () => {
    const lines = qualityLines({ name: 'Xenova/nllb-200-distilled-600M' }, [], 'commercial');
    expect(lines[0]).toBe('not used: SEMA_MODEL_LICENCES=commercial and its licence is CC-BY-NC-4.0');
    expect(lines[2]).toMatch(/^ {2}from English: Amharic 34\.6 rough, French 65\.2 good, /);
    expect(lines[3]).toContain('Somali 48.4 usable');
  });

  it('says so when no figure is published', () => {
    expect(qualityLines({ name: 'tiny-nllb', licence: 'CC-BY-NC-4.0' }, [], 'any')).toEqual([
      'quality: no published figure for this model (published chrF++, FLORES-200 devtest (Helsinki-NLP MT leaderboards))',
    ]);
  });
});
