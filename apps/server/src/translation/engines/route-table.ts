/**
 * Which model translates a language pair, when a server runs a main model and pair models
 * (`SEMA_PAIR_MODELS`, optionally `SEMA_PIVOT`), and so which languages and pairs the server serves.
 * Pure: the routed engine (`routed-engine.ts`) hands in what each model serves right now, whether
 * the licence setting (`SEMA_MODEL_LICENCES`) lets it translate at all, and its published quality.
 *
 * The order, and why:
 * 1. For a pair both a pair model and the main model serve, the one with the higher published
 *    quality (FLORES-200 chrF++, `@sema/shared/quality/quality`); within NEAR_TIE points, the
 *    faster one. Without a figure for both, the pair model: it was configured for exactly this (a
 *    small OPUS-MT model is ~6× faster than NLLB-600M, and may carry a licence the main one does not).
 * 2. With pivoting on, pair models for both legs through English (source→English→target): two
 *    passes of a small model are still 2.5–3× faster than one of NLLB-600M (bench:models).
 * 3. The main model, when it serves the pair.
 * 4. With pivoting on, legs through English by any model (a pair model for one leg, the main
 *    model for the other): only for a pair the main model does not serve, because one direct pass
 *    of the main model is faster and better than two passes that include it.
 * A model the licence setting does not allow is never routed to. Otherwise nothing serves the
 * pair, and the request is refused with a 422 naming it.
 */
import type { ServedLanguageCodes } from './types.ts';

/** English, the pivot language: every OPUS-MT family has models to and from it. */
export const PIVOT_LANGUAGE = 'eng_Latn';

/**
 * Published chrF++ differences below this are not a dependable ranking: the leaderboards rank NLLB's
 * 3.3B below its 600M model in some directions (English → Amharic, Kamba), so within 2 points the
 * certain difference, speed, decides. A judgement, stated where /status gives the reason.
 */
const NEAR_TIE = 2;

/** A model the table routes to (M is the routed engine's own record of it). */
export interface Routable<M> {
  model: M;
  /** What the model serves right now; undefined while unknown (still loading): anything. */
  served: ServedLanguageCodes | undefined;
  /** False when the licence setting forbids the model: it is never routed to. */
  allowed?: boolean;
  /** Its published chrF++ for a direction, when there is one. */
  chrf?: (source: string, target: string) => number | undefined;
  /** How fast it translates, relative to NLLB-600M (1), for near ties. */
  speed?: number;
}

export interface RouteTableInput<M> {
  main: Routable<M>;
  /** `source>target` → the pair model configured for it. */
  pairs: ReadonlyMap<string, Routable<M>>;
  pivot: boolean;
}

/** One pass of one model. */
export interface Leg<M> {
  model: M;
  source: string;
  target: string;
}

export const pairKey = (source: string, target: string): string => `${source}>${target}`;

// The lists as sets, once per model load: the served lists are computed over every pair.
const asSets = new WeakMap<ServedLanguageCodes, { sources: Set<string>; targets: Set<string> }>();

function serves(served: ServedLanguageCodes | undefined, source: string, target: string): boolean {
  if (!served) return true;
  let sets = asSets.get(served);
  if (!sets) {
    sets = { sources: new Set(served.sources), targets: new Set(served.targets) };
    asSets.set(served, sets);
  }
  return sets.sources.has(source) && sets.targets.has(target);
}

/** The legs of a pair's route, and why the table chose them, in words for /status. */
export interface Route<M> {
  legs: Leg<M>[];
  why: string;
}

/** The legs that translate `source` into `target` (one, or two through English), or undefined. */
export function routeOf<M>(table: RouteTableInput<M>, source: string, target: string): Leg<M>[] | undefined {
  return chooseRoute(table, source, target)?.legs;
}

const usable = <M>(routable: Routable<M> | undefined) =>
  routable && routable.allowed !== false ? routable : undefined;

/** The route of a pair with the reason for it, or undefined when no allowed model serves it. */
export function chooseRoute<M>(
  table: RouteTableInput<M>,
  source: string,
  target: string,
): Route<M> | undefined {
  const direct = (routable: Routable<M>, why: string): Route<M> => ({
    legs: [{ model: routable.model, source, target }],
    why,
  });
  const configured = table.pairs.get(pairKey(source, target));
  const pair = usable(configured);
  const main = usable(table.main);
  const mainServes = main !== undefined && serves(main.served, source, target);
  if (pair && mainServes) return better(pair, main, source, target, direct);
  if (pair) return direct(pair, 'the pair model configured for this pair');
  const pivotable = table.pivot && source !== PIVOT_LANGUAGE && target !== PIVOT_LANGUAGE;
  const first = usable(table.pairs.get(pairKey(source, PIVOT_LANGUAGE)));
  const second = usable(table.pairs.get(pairKey(PIVOT_LANGUAGE, target)));
  if (pivotable && first && second) {
    return {
      legs: pivotLegs(first.model, second.model, source, target),
      why: 'through English, by the pair models of both legs',
    };
  }
  if (mainServes) {
    return direct(
      main,
      configured
        ? 'the main model: the licence setting forbids the pair model configured for this pair'
        : 'the main model',
    );
  }
  if (!pivotable || (!first && !second)) return undefined;
  const firstModel = first?.model ?? (main && serves(main.served, source, PIVOT_LANGUAGE) && main.model);
  const secondModel = second?.model ?? (main && serves(main.served, PIVOT_LANGUAGE, target) && main.model);
  return firstModel && secondModel
    ? {
        legs: pivotLegs(firstModel, secondModel, source, target),
        why: 'through English: the main model does not translate this pair',
      }
    : undefined;
}

/** Between a pair model and the main model that both serve a pair: published quality, then speed. */
function better<M>(
  pair: Routable<M>,
  main: Routable<M>,
  source: string,
  target: string,
  direct: (routable: Routable<M>, why: string) => Route<M>,
): Route<M> {
  const ofPair = pair.chrf?.(source, target);
  const ofMain = main.chrf?.(source, target);
  if (ofPair === undefined || ofMain === undefined) {
    return direct(pair, 'the pair model configured for this pair (no published figures to compare)');
  }
  const figures = `chrF++ ${ofPair.toFixed(1)} for the pair model, ${ofMain.toFixed(1)} for the main model`;
  if (Math.abs(ofPair - ofMain) < NEAR_TIE) {
    const mainFaster = (main.speed ?? 1) > (pair.speed ?? 1);
    return direct(mainFaster ? main : pair, `near tie on published quality (${figures}): the faster model`);
  }
  return ofPair > ofMain
    ? direct(pair, `higher published quality: ${figures}`)
    : direct(main, `higher published quality: ${figures}`);
}

function pivotLegs<M>(first: M, second: M, source: string, target: string): Leg<M>[] {
  return [
    { model: first, source, target: PIVOT_LANGUAGE },
    { model: second, source: PIVOT_LANGUAGE, target },
  ];
}

/**
 * What the routed server serves: every language some route reads or writes, and per source the
 * targets it reaches (a pair model adds its pair, not every combination of its two languages with
 * the main model's). Only defined once every model's languages are known.
 */
export function servedByTable<M>(table: RouteTableInput<M>): ServedLanguageCodes | undefined {
  const models = [table.main, ...table.pairs.values()];
  if (models.some((routable) => !routable.served)) return undefined;
  const candidates = new Set(
    models.flatMap((routable) => [...routable.served!.sources, ...routable.served!.targets]),
  );
  const targetsOf = new Map<string, string[]>();
  for (const source of candidates) {
    const targets = [...candidates].filter(
      (target) => target !== source && routeOf(table, source, target) !== undefined,
    );
    if (targets.length > 0) targetsOf.set(source, targets);
  }
  const targets = new Set([...targetsOf.values()].flat());
  return {
    sources: [...targetsOf.keys()],
    targets: [...candidates].filter((code) => targets.has(code)),
    targetsOf,
  };
}
