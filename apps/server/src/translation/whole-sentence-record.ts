/**
 * How often whole sentences come back intact, per model and target language. A model that keeps
 * losing its stand-ins (a family that rewrites them, a language whose script it mangles) would pay
 * for every such sentence twice, once whole and once cut: after enough failures the pair goes
 * straight to the cut version, and one sentence in `PROBE_EVERY` is still tried whole, so a pair
 * that starts keeping its stand-ins (another model behind the same name) is noticed again.
 */

/** Outcomes remembered per pair, and how many must be known before a pair is judged. */
const WINDOW = 50;
const MIN_OUTCOMES = 20;
/** Below this share of intact answers, whole sentences cost more than they bring. */
const MIN_INTACT_SHARE = 0.25;
const PROBE_EVERY = 20;

export class WholeSentenceRecord {
  private readonly outcomes = new Map<string, { recent: boolean[]; skipped: number }>();

  /** Whether a sentence of this pair should be tried whole. */
  shouldTry(pair: string): boolean {
    const entry = this.outcomes.get(pair);
    if (!entry || entry.recent.length < MIN_OUTCOMES) return true;
    const intact = entry.recent.filter(Boolean).length / entry.recent.length;
    if (intact >= MIN_INTACT_SHARE) return true;
    entry.skipped += 1;
    return entry.skipped % PROBE_EVERY === 0;
  }

  record(pair: string, intact: boolean): void {
    let entry = this.outcomes.get(pair);
    if (!entry) this.outcomes.set(pair, (entry = { recent: [], skipped: 0 }));
    entry.recent.push(intact);
    if (entry.recent.length > WINDOW) entry.recent.shift();
  }
}
