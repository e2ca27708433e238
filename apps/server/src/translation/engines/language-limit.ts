/**
 * `SEMA_LANGUAGES`: the operator's limit on the languages a server serves, put around whichever
 * engine is configured, so that every surface follows it from one place: the language lists (they
 * show `languages()`), /status (its `languages` count) and translation (a pair outside it is a 422
 * naming the setting, before any model is asked). Pair models outside it are not loaded at all
 * (`registry.ts`).
 */
import { pairNotServed } from '../errors.ts';
import {
  canGenerate,
  type EngineStatus,
  type ServedLanguageCodes,
  type TokenGenerator,
  type TranslateSentences,
  type TranslationEngine,
} from './types.ts';

const SETTING = 'SEMA_LANGUAGES';

class LanguageLimitedEngine implements TranslationEngine {
  readonly name: string;
  readonly modelId: string;
  readonly maxConcurrentBatches: number;
  private readonly allowed: ReadonlySet<string>;
  /** The lists while the engine says nothing of its own (every catalogue language): the limit itself. */
  private readonly alone: ServedLanguageCodes;
  // One limited list per list of the engine's, so the lists built from it are built once per model load.
  private readonly limited = new WeakMap<ServedLanguageCodes, ServedLanguageCodes>();
  modelFor?: (source: string, target: string) => string;
  alternatives?: TranslationEngine['alternatives'];

  constructor(
    private readonly engine: TranslationEngine,
    codes: readonly string[],
  ) {
    this.name = engine.name;
    this.modelId = engine.modelId;
    this.maxConcurrentBatches = engine.maxConcurrentBatches;
    this.allowed = new Set(codes);
    this.alone = { sources: [...codes], targets: [...codes] };
    if (engine.modelFor) this.modelFor = (source, target) => engine.modelFor!(source, target);
    const alternatives = engine.alternatives?.bind(engine);
    if (alternatives) {
      this.alternatives = async (sentences, source, target, count, signal) => {
        this.check(source, target);
        return alternatives(sentences, source, target, count, signal);
      };
    }
  }

  // Async, so that a refusal is a rejected promise as every engine's failures are.
  readonly translate: TranslateSentences = async (sentences, source, target, signal) => {
    this.check(source, target);
    return this.engine.translate(sentences, source, target, signal);
  };

  languages(): ServedLanguageCodes {
    const served = this.engine.languages?.();
    if (!served) return this.alone;
    let limited = this.limited.get(served);
    if (!limited) {
      const keep = (codes: readonly string[]) => codes.filter((code) => this.allowed.has(code));
      limited = {
        sources: keep(served.sources),
        targets: keep(served.targets),
        ...(served.targetsOf && {
          targetsOf: new Map(
            [...served.targetsOf]
              .filter(([source]) => this.allowed.has(source))
              .map(([source, targets]) => [source, keep(targets)]),
          ),
        }),
      };
      this.limited.set(served, limited);
    }
    return limited;
  }

  status(): EngineStatus {
    const status = this.engine.status();
    const served = this.languages();
    return { ...status, languages: new Set([...served.sources, ...served.targets]).size };
  }

  whenReady(): Promise<void> {
    return this.engine.whenReady();
  }

  close(): Promise<void> {
    return this.engine.close();
  }

  private check(source: string, target: string): void {
    for (const [side, code] of [
      ['from', source],
      ['into', target],
    ] as const) {
      if (!this.allowed.has(code)) {
        throw pairNotServed(
          `This server does not translate ${side} '${code}': its operator limited it to ${this.allowed.size} languages (${SETTING}); GET /api/v1/languages lists them`,
        );
      }
    }
  }
}

/**
 * The engine limited to `codes` (catalogue codes); the engine itself when there is no limit. An
 * engine that also generates tokens (an inference node's) keeps doing so: token ids name no
 * language the limit could check.
 */
export function limitLanguages(engine: TranslationEngine, codes: readonly string[]): TranslationEngine {
  if (codes.length === 0) return engine;
  const limited = new LanguageLimitedEngine(engine, codes);
  if (!canGenerate(engine)) return limited;
  const generator: TokenGenerator = engine;
  Object.defineProperty(limited, 'generate', { value: generator.generate.bind(engine) });
  Object.defineProperty(limited, 'vocabularySize', { get: () => generator.vocabularySize });
  return limited;
}
