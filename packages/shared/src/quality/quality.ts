/**
 * Published translation quality per model release and direction, and the words people are told.
 *
 * The figures are FLORES-200 devtest chrF++ from one public evaluation pipeline (Helsinki-NLP's
 * External-MT-leaderboard and OPUS-MT-leaderboard), copied into `flores200-chrf.json` by
 * `npm run data:quality` with their sources and the commits they were read at. They are facts with
 * attribution: Sema never measures quality itself (no real weights reach its test machines).
 */
import table from './flores200-chrf.json' with { type: 'json' };

export interface ReleaseInfo {
  /** For people: `NLLB-200 distilled 600M`. */
  name: string;
  family: 'nllb' | 'm2m100' | 'marian';
  /** SPDX id of the published weights' licence. */
  licence: string;
  /** Where the leaderboard's evaluated release lives. */
  source: string;
}

export interface QualityTable {
  metric: string;
  testSet: string;
  built: string;
  sources: { repository: string; files: string; commits: string[]; what: string }[];
  releases: Record<string, ReleaseInfo>;
  /** `source>target` (catalogue codes) → release → chrF++ (0–100, one decimal). */
  directions: Record<string, Record<string, number>>;
  /** `source>target` → the OPUS-MT release whose figure the `opus-mt` column holds. */
  opusReleases: Record<string, string>;
}

export const QUALITY: QualityTable = table as QualityTable;

/**
 * The bands and why: chrF++ on FLORES-200 for the pairs this table covers runs from ~5 (M2M-100
 * into Wolof: mostly wrong words) to ~70 (English → French, where machine translation is used for
 * drafts every day). At 50 and above a reader gets the meaning and most of the wording right
 * (NLLB-600M English → Swahili 56, French 65); 40–50 gets the gist with errors a reader must repair
 * (English → Somali 41); 30–40 is rough, often only topic and key words (English → Luganda 33);
 * below 30 most sentences are wrong (English → Wolof 20, M2M-100 into Somali 8). These are a
 * judgement over published figures, not a human evaluation: the words say "expected", never "is".
 */
export type QualityBand = 'good' | 'usable' | 'rough' | 'poor';

const QUALITY_BANDS: readonly { band: QualityBand; from: number }[] = [
  { band: 'good', from: 50 },
  { band: 'usable', from: 40 },
  { band: 'rough', from: 30 },
  { band: 'poor', from: 0 },
];

/** What each band tells a person, in the words the web app, /status and the CLI all use. */
export const QUALITY_WORDS: Record<QualityBand | 'unknown', string> = {
  good: 'good: the meaning and most of the wording come through',
  usable: 'usable: the gist comes through, with errors to check',
  rough: 'rough: often only the topic and key words',
  poor: 'poor: most sentences come out wrong',
  unknown: 'no published figure',
};

/** Short labels for tight places (a picker's hint). */
export const QUALITY_LABELS: Record<QualityBand | 'unknown', string> = {
  good: 'Good',
  usable: 'Usable',
  rough: 'Rough',
  poor: 'Poor',
  unknown: 'No published figure',
};

export function bandOf(chrf: number): QualityBand {
  return QUALITY_BANDS.find(({ from }) => chrf >= from)!.band;
}

/**
 * Which release of the table a model is, from its name (hub id or folder: the last part of the
 * path), or undefined when it is none of them. OPUS-MT models are many releases under one name
 * pattern; they all map to the `opus-mt` column, the best OPUS-MT release published for the
 * direction, which is an upper bound for an older release of the same pair.
 */
export function releaseOfModel(name: string, family?: string): string | undefined {
  const base = (name.split(/[\\/]/).filter(Boolean).at(-1) ?? '').toLowerCase();
  const known: [RegExp, string][] = [
    [/nllb-200-distilled-600m/, 'nllb-200-distilled-600M'],
    [/nllb-200-distilled-1\.3b/, 'nllb-200-distilled-1.3B'],
    [/nllb-200-1\.3b/, 'nllb-200-1.3B'],
    [/nllb-200-3\.3b/, 'nllb-200-3.3B'],
    [/m2m100_418m/, 'm2m100_418M'],
    [/m2m100_1\.2b/, 'm2m100_1.2B'],
    [/opus-mt/, 'opus-mt'],
  ];
  const match = known.find(([pattern]) => pattern.test(base))?.[1];
  if (match) return match;
  return family === 'marian' ? 'opus-mt' : undefined;
}

/** The published figure of a release for a direction (catalogue codes), if there is one. */
export function publishedChrf(
  release: string | undefined,
  source: string,
  target: string,
): number | undefined {
  if (!release) return undefined;
  return QUALITY.directions[`${source}>${target}`]?.[release];
}

/** The best figure published for a direction among releases `allowed` accepts, with its release. */
export function bestPublished(
  source: string,
  target: string,
  allowed: (release: ReleaseInfo) => boolean = () => true,
): { release: string; chrf: number } | undefined {
  const figures = QUALITY.directions[`${source}>${target}`];
  if (!figures) return undefined;
  let best: { release: string; chrf: number } | undefined;
  for (const [release, chrf] of Object.entries(figures)) {
    const info = QUALITY.releases[release];
    if (info && allowed(info) && (!best || chrf > best.chrf)) best = { release, chrf };
  }
  return best;
}

/** Licences a commercial service may use: everything but non-commercial ones. */
export function isCommercialLicence(licence: string | undefined): boolean {
  return licence !== undefined && !/-NC-|-NC$/.test(licence);
}
