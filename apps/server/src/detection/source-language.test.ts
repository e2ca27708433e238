import { describe, expect, it } from 'vitest';
import { createDetector } from './detector.ts';
import { DOCUMENT_SAMPLE_CHARS, resolveSource } from './source-language.ts';

const detector = createDetector();
const detect = (text: string) => detector.detect(text);
const FRENCH = "L'ordinateur « portable » d'Amélie est tombé : il ne s'allume plus, hélas & rien n'y fait.";
const SWAHILI = 'Habari za asubuhi, rafiki yangu. Leo tunakwenda sokoni kununua matunda na mboga.';

describe('resolveSource', () => {
  it('uses a given source as it is, whatever the text, under every rule', () => {
    for (const input of [
      { rule: 'text', text: FRENCH },
      { rule: 'document', segments: [FRENCH] },
      { rule: 'conversation', text: FRENCH, message: FRENCH, earlier: [] },
    ] as const) {
      expect(resolveSource(detect, 'deu_Latn', input)).toEqual({
        language: 'deu_Latn',
        origin: 'given',
        confidence: 1,
      });
    }
  });

  it('text: detects the text, and has no source for text without letters', () => {
    expect(resolveSource(detect, 'auto', { rule: 'text', text: FRENCH })).toMatchObject({
      language: 'fra_Latn',
      origin: 'detected',
    });
    expect(resolveSource(detect, 'auto', { rule: 'text', text: '12 + 30 = 42 #' })).toBeNull();
  });

  it('document: reads the start of the document only', () => {
    // French first, then far more Swahili than the sample holds: the start decides.
    const segments = [FRENCH, ...Array.from({ length: 200 }, () => SWAHILI)];
    expect(segments.join('\n').length).toBeGreaterThan(DOCUMENT_SAMPLE_CHARS * 5);
    const first = resolveSource(detect, 'auto', { rule: 'document', segments: [FRENCH, FRENCH] });
    expect(first?.language).toBe('fra_Latn');
    const mixed = resolveSource(detect, 'auto', { rule: 'document', segments });
    expect(mixed?.language).toBe('swh_Latn'); // French is 90 of the 2,000 sampled characters
    const swahiliAfter = resolveSource(detect, 'auto', {
      rule: 'document',
      segments: [...Array.from({ length: 40 }, () => FRENCH), SWAHILI],
    });
    expect(swahiliAfter?.language).toBe('fra_Latn');
    expect(resolveSource(detect, 'auto', { rule: 'document', segments: ['1', '2'] })).toBeNull();
  });

  it('conversation: a short message keeps the earlier language; no letters is English', () => {
    const short = { rule: 'conversation', text: 'sawa', message: 'sawa' } as const;
    // "sawa" alone reads as Swahili, but not surely enough to overrule a French conversation.
    expect(resolveSource(detect, 'auto', { ...short, earlier: [FRENCH, SWAHILI.slice(0, 10)] })).toEqual({
      language: 'fra_Latn',
      origin: 'previous-turn',
      confidence: 1,
    });
    expect(
      resolveSource(detect, 'auto', { ...short, earlier: [FRENCH], conversationLanguage: 'deu_Latn' }),
    ).toMatchObject({ language: 'deu_Latn', origin: 'previous-turn' });
    const long = resolveSource(detect, 'auto', {
      rule: 'conversation',
      text: FRENCH,
      message: FRENCH,
      earlier: [SWAHILI],
    });
    expect(long).toMatchObject({ language: 'fra_Latn', origin: 'detected' });
    expect(
      resolveSource(detect, 'auto', { rule: 'conversation', text: '👍 42', message: '👍 42', earlier: [] }),
    ).toEqual({ language: 'eng_Latn', origin: 'no-letters', confidence: 1 });
  });
});
