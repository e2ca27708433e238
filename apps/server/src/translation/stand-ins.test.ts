import { describe, expect, it } from 'vitest';
import { InlineRun } from './inline-codes.ts';
import { planSentences } from './sentence-plan.ts';
import { maskedText, restoreStandIns, type Held } from './stand-ins.ts';

const tags: Held[] = [
  { value: '<b>', pair: { number: 0, role: 'open' } },
  { value: '</b>', pair: { number: 0, role: 'close' } },
  { value: '{count}' },
];

describe('stand-ins', () => {
  it('puts each stand-in back where the translation moved it, with its word', () => {
    expect(restoreStandIns('[3] ujumbe mpya, bofya [1]Hifadhi[2]', tags, 'bracket')).toBe(
      '{count} ujumbe mpya, bofya <b>Hifadhi</b>',
    );
    expect(restoreStandIns('{3} neue {1}Nachrichten{2}', tags, 'brace')).toBe(
      '{count} neue <b>Nachrichten</b>',
    );
  });

  it('reads stand-ins a model rewrote in its script: other digits, full-width brackets, a space inside', () => {
    expect(restoreStandIns('[٣] رسائل [١]جديدة[ ٢ ]', tags, 'bracket')).toBe('{count} رسائل <b>جديدة</b>');
    expect(restoreStandIns('［3］件の【1】新着［2］', tags, 'bracket')).toBe('{count}件の<b>新着</b>');
  });

  it('refuses an answer that lost, repeated or invented a stand-in, or broke a pair', () => {
    expect(restoreStandIns('[1]Hifadhi[2]', tags, 'bracket')).toBeUndefined();
    expect(restoreStandIns('[3] [3] [1]x[2]', tags, 'bracket')).toBeUndefined();
    expect(restoreStandIns('[3] [4] [1]x[2]', tags, 'bracket')).toBeUndefined();
    expect(restoreStandIns('[3] [2]x[1]', tags, 'bracket')).toBeUndefined();
  });

  it('refuses crossing pairs but takes pairs moved as wholes', () => {
    const nested: Held[] = [
      { value: '<a>', pair: { number: 0, role: 'open' } },
      { value: '<i>', pair: { number: 1, role: 'open' } },
      { value: '</i>', pair: { number: 1, role: 'close' } },
      { value: '</a>', pair: { number: 0, role: 'close' } },
    ];
    expect(restoreStandIns('[1]x[2]y[4]z[3]', nested, 'bracket')).toBeUndefined();
    expect(restoreStandIns('w [1]x[2]y[3][4]', nested, 'bracket')).toBe('w <a>x<i>y</i></a>');
  });
});

describe('sentence plans', () => {
  it("plans an adapter's inline codes as paired stand-ins inside one sentence", () => {
    const run = new InlineRun()
      .text('Click ')
      .open('<w:r><w:b/>')
      .text('Save')
      .close('</w:r>')
      .text(' to keep it.');
    const [piece] = planSentences(run.toSegment(), 'eng_Latn');
    expect(piece?.kind).toBe('whole');
    if (piece?.kind !== 'whole') return;
    expect(maskedText(piece.parts, 'bracket')).toBe('Click [1]Save[2] to keep it.');
    expect(piece.held.map((held) => held.pair?.role)).toEqual(['open', 'close']);
    const restored = restoreStandIns('Bofya [1]Hifadhi[2] ili kuiweka.', piece.held, 'bracket')!;
    expect(run.render(restored, (words) => words.replaceAll('&', '&amp;'))).toBe(
      'Bofya <w:r><w:b/>Hifadhi</w:r> ili kuiweka.',
    );
  });

  it('cuts by design a sentence with an ICU plural, and keeps a sentence of spans alone as it is', () => {
    const plural = planSentences('You have {n, plural, one {# file} other {# files}} left.', 'eng_Latn');
    expect(plural.some((piece) => piece.kind === 'whole')).toBe(false);
    expect(planSentences('{count} · 10:30', 'eng_Latn')).toEqual([{ kind: 'gap', text: '{count} · 10:30' }]);
  });
});
