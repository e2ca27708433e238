import type { PairQuality, StatusResponse } from '@sema/shared/api/schemas';
import { QUALITY_LABELS, QUALITY_WORDS } from '@sema/shared/quality/quality';

/** What a person is told of a pair's expected quality: a word, what it means, and the figure. */
export interface PairQualityNote {
  /** `Usable`, or `No published figure`. */
  label: string;
  /** What the word means for a reader; absent when there is no figure. */
  meaning: string | undefined;
  /** The figure with where it comes from, for hover or tap; absent when there is none. */
  figure: string | undefined;
}

/** Where the figures come from, said once wherever a figure is shown. */
export const FIGURE_SOURCE = "Helsinki-NLP's MT leaderboards";

/** The figure of one served pair, with its model and source, in a sentence. */
export function figureText(entry: PairQuality): string | undefined {
  if (entry.chrf === undefined) return undefined;
  const basis = entry.chrf_basis ? `, ${entry.chrf_basis}` : '';
  return `chrF++ ${entry.chrf.toFixed(1)} on FLORES-200 (${entry.models.join(' then ')}${basis}), published by ${FIGURE_SOURCE}`;
}

/**
 * The expected quality of `source` → `target` on this server, from its status; undefined when
 * the server does not tell quality (an older server, or the status not at hand) or there is no
 * pair yet (Auto Detect before a language is found).
 */
export function pairQualityNote(
  status: StatusResponse | undefined,
  source: string | undefined,
  target: string,
): PairQualityNote | undefined {
  const quality = status?.engines.translation.quality;
  if (!quality || !source || source === target) return undefined;
  const entry = quality.find((candidate) => candidate.pair === `${source}-${target}`);
  if (!entry || entry.quality === 'unknown') {
    return { label: QUALITY_LABELS.unknown, meaning: undefined, figure: undefined };
  }
  return {
    label: QUALITY_LABELS[entry.quality],
    meaning: QUALITY_WORDS[entry.quality].replace(/^[a-z]+: /, ''),
    figure: figureText(entry),
  };
}
