/**
 * What the published quality table (`@sema/shared/quality/quality`) means for the models this
 * server runs: which release each model is, whether the licence setting (`SEMA_MODEL_LICENCES`)
 * lets it translate, how fast it is, and, per direction of the table this server serves, which
 * model translates it, with the figure, the words and why. /status shows these, and a commercial
 * server is warned at start about a pair served far below the best its licence allows.
 */
import type { EngineStatus, PairQuality } from '@sema/shared/api/schemas';
import {
  QUALITY,
  QUALITY_WORDS,
  bandOf,
  bestPublished,
  isCommercialLicence,
  publishedChrf,
  releaseOfModel,
} from '@sema/shared/quality/quality';
import { chooseRoute, type Routable, type RouteTableInput } from './route-table.ts';

export type LicenceSetting = 'any' | 'commercial';

/**
 * Speed relative to NLLB-200 distilled 600M q8 on 2 cores (`npm run bench:models`, synthetic
 * weights of the real shapes; README's model table). The 1.3B figure is the README's
 * "what it needs" measurement; M2M-100 1.2B has the 1.3B's layers and is given its speed, and
 * NLLB 3.3B is scaled by size: those two are estimates, used only to break near ties.
 */
const SPEED: Record<string, number> = {
  'nllb-200-distilled-600M': 1,
  m2m100_418M: 1.39,
  'opus-mt': 6.1,
  'nllb-200-distilled-1.3B': 0.33,
  'nllb-200-1.3B': 0.33,
  'm2m100_1.2B': 0.33,
  'nllb-200-3.3B': 0.13,
};

/** The model's name for people and for /status: its hub id or the last part of its folder. */
export function shownName(status: EngineStatus): string {
  const name = status.model ?? 'translation model';
  return /^[/\\]|^[A-Za-z]:[\\/]|^\./.test(name)
    ? (name.split(/[\\/]/).filter(Boolean).at(-1) ?? name)
    : name;
}

export interface ModelQuality {
  name: string;
  /** The table's release it is, if any. */
  release: string | undefined;
  licence: string | undefined;
  allowed: boolean;
  speed: number;
}

/** What the table and the licence setting say of a model, from its status. */
export function modelQuality(status: EngineStatus, licences: LicenceSetting): ModelQuality {
  const release = releaseOfModel(status.model ?? '', status.model_family);
  // Before the model has loaded its family's licence is unknown; the table's release tells it.
  const licence = status.model_license ?? (release ? QUALITY.releases[release]?.licence : undefined);
  return {
    name: shownName(status),
    release,
    licence,
    allowed: licences === 'any' || isCommercialLicence(licence),
    speed: (release && SPEED[release]) || 1,
  };
}

/** A routable entry for the route table, from a model's quality facts. */
export function routable<M>(model: M, served: Routable<M>['served'], quality: ModelQuality): Routable<M> {
  return {
    model,
    served,
    allowed: quality.allowed,
    speed: quality.speed,
    chrf: (source, target) => publishedChrf(quality.release, source, target),
  };
}

/**
 * For every direction of the quality table this server serves: which model translates it, the
 * published figure and its words, and why that model. A route through English has no figure (the
 * leaderboards measure one model at a time).
 */
export function pairQualities<M>(
  table: RouteTableInput<M>,
  qualityOf: (model: M) => ModelQuality,
): PairQuality[] {
  const entries: PairQuality[] = [];
  for (const key of Object.keys(QUALITY.directions)) {
    const [source = '', target = ''] = key.split('>');
    const route = chooseRoute(table, source, target);
    if (!route) continue;
    const models = route.legs.map((leg) => qualityOf(leg.model));
    const only = models.length === 1 ? models[0] : undefined;
    const chrf = only ? publishedChrf(only.release, source, target) : undefined;
    const band = chrf === undefined ? 'unknown' : bandOf(chrf);
    const best = bestPublished(source, target);
    entries.push({
      pair: `${source}-${target}`,
      models: models.map((model) => model.name),
      ...(chrf !== undefined && { chrf }),
      ...(only?.release === 'opus-mt' &&
        chrf !== undefined && { chrf_basis: 'best published OPUS-MT release' }),
      quality: band,
      words: QUALITY_WORDS[band],
      why: route.why,
      ...(best && { best_published: { chrf: best.chrf, model: QUALITY.releases[best.release]!.name } }),
    });
  }
  return entries;
}

/** A served pair this far below the best published under its licence is worth a warning. */
const FAR_BELOW = 10;

/**
 * For a server that must be commercial: each pair served at least FAR_BELOW chrF++ below the best
 * published figure of a commercially usable release, named with the figure and what would serve
 * it better (and, for comparison, the best of any licence).
 */
export function commercialWarnings(entries: readonly PairQuality[]): string[] {
  return entries.flatMap((entry) => {
    if (entry.chrf === undefined) return [];
    const [source = '', target = ''] = entry.pair.split('-');
    const commercial = bestPublished(source, target, (info) => isCommercialLicence(info.licence));
    if (!commercial || commercial.chrf - entry.chrf < FAR_BELOW) return [];
    const release = QUALITY.releases[commercial.release]!;
    const which =
      commercial.release === 'opus-mt'
        ? `an OPUS-MT model (${QUALITY.opusReleases[`${source}>${target}`] ?? 'see the OPUS-MT leaderboard'})`
        : release.name;
    const any = bestPublished(source, target);
    const anyNote =
      any && any.release !== commercial.release
        ? `; ${QUALITY.releases[any.release]!.name} reaches ${any.chrf.toFixed(1)} but is ${QUALITY.releases[any.release]!.licence}`
        : '';
    return [
      `${source} → ${target} is served by ${entry.models.join(' then ')} at chrF++ ${entry.chrf.toFixed(1)} (${entry.quality}); ${which} would serve it at ${commercial.chrf.toFixed(1)} under ${release.licence}${anyNote}`,
    ];
  });
}
