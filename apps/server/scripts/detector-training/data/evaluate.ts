/**
 * Macro accuracy of a detector on labelled texts: each language's accuracy counts once, however many
 * texts it has, so rare languages weigh as much as English.
 */
import { CATALOGUE } from '@sema/shared/languages/catalogue';
import type { Region } from '@sema/shared/languages/catalogue';

export interface Sample {
  language: string;
  text: string;
}

export interface AccuracyReport {
  /** Mean over languages of the share of their texts detected right. */
  macro: number;
  byRegion: Partial<Record<Region, { macro: number; languages: number }>>;
  byLanguage: Map<string, { correct: number; total: number; confusedWith: Map<string, number> }>;
  samples: number;
}

const REGION_OF = new Map(CATALOGUE.map((language) => [language.code, language.region]));

export function evaluate(
  samples: readonly Sample[],
  detect: (text: string) => string | undefined,
): AccuracyReport {
  const byLanguage: AccuracyReport['byLanguage'] = new Map();
  for (const { language, text } of samples) {
    const stats = byLanguage.get(language) ?? {
      correct: 0,
      total: 0,
      confusedWith: new Map<string, number>(),
    };
    const detected = detect(text) ?? 'none';
    stats.total++;
    if (detected === language) stats.correct++;
    else stats.confusedWith.set(detected, (stats.confusedWith.get(detected) ?? 0) + 1);
    byLanguage.set(language, stats);
  }
  const regionSums = new Map<Region, { sum: number; languages: number }>();
  let sum = 0;
  for (const [language, { correct, total }] of byLanguage) {
    const accuracy = correct / total;
    sum += accuracy;
    const region = REGION_OF.get(language);
    if (!region) continue;
    const entry = regionSums.get(region) ?? { sum: 0, languages: 0 };
    entry.sum += accuracy;
    entry.languages++;
    regionSums.set(region, entry);
  }
  const byRegion: AccuracyReport['byRegion'] = {};
  for (const [region, { sum: regionSum, languages }] of regionSums) {
    byRegion[region] = { macro: regionSum / languages, languages };
  }
  return {
    macro: byLanguage.size ? sum / byLanguage.size : 0,
    byRegion,
    byLanguage,
    samples: samples.length,
  };
}
