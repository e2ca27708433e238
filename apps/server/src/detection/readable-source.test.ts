import { describe, expect, it } from 'vitest';
import { readSamples } from '../../scripts/detector-training/data/read-samples.ts';
import { createDetector } from './detector.ts';
import { sourceDetector } from './readable-source.ts';

// The shipped model: what a limited server answers depends on its real ranking.
const detector = createDetector();
const on = (...codes: string[]) => sourceDetector(detector, () => new Set(codes));
const whole = sourceDetector(detector, () => null);

/** A held-out FLORES sentence of `language` (data/sib-held-out.tsv) that the whole catalogue detects right. */
function heldOut(language: string): string {
  const sample = readSamples('sib-held-out.tsv').find(
    (candidate) => candidate.language === language && detector.detect(candidate.text)?.language === language,
  );
  if (!sample) throw new Error(`no held-out sentence of ${language} detected right`);
  return sample.text;
}
const KIRUNDI = heldOut('run_Latn');
const KAMBA = heldOut('kam_Latn');
const SPANISH = '« Hola, ¿cómo estás? » Quiero un café & un té, por favor.';

describe('sourceDetector', () => {
  it('answers as the detector does on a server that reads the whole catalogue, or reads the answer', () => {
    expect(whole.detect(KIRUNDI)).toEqual(detector.detect(KIRUNDI));
    expect(on('run_Latn', 'eng_Latn').detect(KIRUNDI)?.language).toBe('run_Latn');
  });

  it('takes the close relative the server reads, with alternatives it reads only', () => {
    const detection = on('kin_Latn', 'swh_Latn', 'eng_Latn').detect(KIRUNDI)!;
    expect(detector.detect(KIRUNDI)?.language).toBe('run_Latn');
    expect(detection.language).toBe('kin_Latn');
    for (const { language } of detection.alternatives) expect(['swh_Latn', 'eng_Latn']).toContain(language);
  });

  it('keeps the confidence honest when the text may be the relative the server lacks', () => {
    const detection = on('kik_Latn', 'eng_Latn').detect(KAMBA)!;
    expect(detector.detect(KAMBA)?.language).toBe('kam_Latn');
    expect(detection.language).toBe('kik_Latn');
    expect(detection.confidence).toBeLessThan(1);
    // A served relative is plausible: never Swahili, which the whole catalogue ranks near Kamba.
    expect(on('kik_Latn', 'swh_Latn').detect(KAMBA)?.language).toBe('kik_Latn');
  });

  it('calls a text clearly in another language by its name, for the caller to refuse', () => {
    // Swahili is read, but Kirundi text is not Swahili; English and Kinyarwanda are no relatives of Spanish.
    expect(on('swh_Latn', 'eng_Latn').detect(KIRUNDI)?.language).toBe('run_Latn');
    expect(on('kin_Latn', 'eng_Latn').detect(SPANISH)?.language).toBe('spa_Latn');
  });

  it('answers the close relative on a Portuguese server for Galician, and stays null without letters', () => {
    expect(
      on('por_Latn', 'eng_Latn').detect('Ola, como estás? Eu son de Galicia e vivo na Coruña.')?.language,
    ).toBe('por_Latn');
    expect(on('eng_Latn', 'fra_Latn').detect('12345 !!!')).toBeNull();
  });
});
