/**
 * Which model translates a language pair, when a server runs a main model and pair models
 * (`SEMA_PAIR_MODELS`, optionally `SEMA_PIVOT`), and so which languages and pairs the server serves.
 * Pure: the routed engine (`routed-engine.ts`) hands in what each model serves right now.
 *
 * The order, and why:
 * 1. A pair model for the pair: it was configured for exactly this (a small OPUS-MT model is ~6×
 *    faster than NLLB-600M, and may carry a licence the main model does not).
 * 2. With pivoting on, pair models for both legs through English (source→English→target): two
 *    passes of a small model are still 2.5–3× faster than one of NLLB-600M (bench:models).
 * 3. The main model, when it serves the pair.
 * 4. With pivoting on, legs through English by any model (a pair model for one leg, the main
 *    model for the other): only for a pair the main model does not serve, because one direct pass
 *    of the main model is faster and better than two passes that include it.
 * Otherwise nothing serves the pair, and the request is refused with a 422 naming it.
 */
import type { ServedLanguageCodes } from './types.ts';

/** English, the pivot language: every OPUS-MT family has models to and from it. */
export const PIVOT_LANGUAGE = 'eng_Latn';

/** A model the table routes to (M is the routed engine's own record of it). */
export interface Routable<M> {
  model: M;
  /** What the model serves right now; undefined while unknown (still loading): anything. */
  served: ServedLanguageCodes | undefined;
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

/** The legs that translate `source` into `target` (one, or two through English), or undefined. */
export function routeOf<M>(table: RouteTableInput<M>, source: string, target: string): Leg<M>[] | undefined {
  const pair = table.pairs.get(pairKey(source, target));
  if (pair) return [{ model: pair.model, source, target }];
  const pivotable = table.pivot && source !== PIVOT_LANGUAGE && target !== PIVOT_LANGUAGE;
  const first = table.pairs.get(pairKey(source, PIVOT_LANGUAGE));
  const second = table.pairs.get(pairKey(PIVOT_LANGUAGE, target));
  if (pivotable && first && second) return pivotLegs(first.model, second.model, source, target);
  if (serves(table.main.served, source, target)) return [{ model: table.main.model, source, target }];
  if (!pivotable || (!first && !second)) return undefined;
  const firstModel = first?.model ?? (serves(table.main.served, source, PIVOT_LANGUAGE) && table.main.model);
  const secondModel =
    second?.model ?? (serves(table.main.served, PIVOT_LANGUAGE, target) && table.main.model);
  return firstModel && secondModel ? pivotLegs(firstModel, secondModel, source, target) : undefined;
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
