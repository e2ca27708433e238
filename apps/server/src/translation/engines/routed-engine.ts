/**
 * A server with pair models (`SEMA_PAIR_MODELS`): one engine over the main model's engine and one
 * engine per pair model (each its own model process, of its own family), sending each language
 * pair to the model `route-table.ts` picks. The registry builds it only when pair models are
 * configured, so a server without them runs the main engine exactly as before.
 *
 * The batcher groups sentences by pair, and a pair always goes to the same model(s), so each batch
 * is one model's; the models run side by side (one batch each at a time). The cache is keyed by
 * the model (or the two models of a pivot) that translates the pair (`modelFor`).
 */
import { modelUnavailable, pairNotServed } from '../errors.ts';
import {
  commercialWarnings,
  modelQuality,
  pairQualities,
  routable,
  type LicenceSetting,
  type ModelQuality,
} from './pair-quality.ts';
import { pairKey, routeOf, servedByTable, type Leg, type RouteTableInput } from './route-table.ts';
import type {
  EngineStatus,
  ModelStatus,
  SentenceAlternatives,
  ServedLanguageCodes,
  TokenGenerator,
  TranslateSentences,
  TranslationEngine,
} from './types.ts';

/** A model the server runs, with what /status says about its part. */
interface RoutedModel {
  engine: TranslationEngine;
  role: 'main' | 'pair';
  /** The pairs configured for it (a pair model); none for the main model. */
  pairs: { source: string; target: string }[];
  /** Sentences it has translated since start (a pivot counts in both of its models). */
  sentences: number;
  /** Its quality facts, and the languages they were read with (read again once it loads). */
  quality?: { for: ServedLanguageCodes | undefined; facts: ModelQuality };
}

export interface RoutedEngineOptions {
  /** The main model's engine: every pair with no route of its own. */
  main: TranslationEngine & TokenGenerator;
  /** One entry per configured pair; entries with the same model share its engine. */
  pairs: readonly { source: string; target: string; engine: TranslationEngine }[];
  /** Route pairs without a model through English (`SEMA_PIVOT`). */
  pivot: boolean;
  /** Which licences may translate (`SEMA_MODEL_LICENCES`); any when absent. */
  licences?: LicenceSetting;
}

/** A list of codes short enough for a message: a multilingual model has a hundred. */
const few = (codes: readonly string[]) =>
  codes.length <= 4 ? codes.join(', ') : `${codes.slice(0, 3).join(', ')} and ${codes.length - 3} more`;

const ORDER = { loading: 0, error: 1, ready: 2, disabled: 3 } as const;

export class RoutedEngine implements TranslationEngine, TokenGenerator {
  readonly name: string;
  readonly modelId: string;
  readonly maxConcurrentBatches: number;
  private readonly main: RoutedModel;
  private readonly models: RoutedModel[];
  private readonly pairModels = new Map<string, RoutedModel>();
  private served: { from: (ServedLanguageCodes | undefined)[]; codes: ServedLanguageCodes | undefined } = {
    from: [],
    codes: undefined,
  };

  constructor(private readonly options: RoutedEngineOptions) {
    this.main = { engine: options.main, role: 'main', pairs: [], sentences: 0 };
    const byEngine = new Map<TranslationEngine, RoutedModel>();
    for (const { source, target, engine } of options.pairs) {
      const model = byEngine.get(engine) ?? { engine, role: 'pair' as const, pairs: [], sentences: 0 };
      model.pairs.push({ source, target });
      byEngine.set(engine, model);
      this.pairModels.set(pairKey(source, target), model);
    }
    this.models = [this.main, ...byEngine.values()];
    this.name = options.main.name;
    this.modelId = this.models.map((model) => model.engine.modelId).join('+');
    // Each model runs its own batch at once.
    this.maxConcurrentBatches = this.models.reduce(
      (sum, model) => sum + model.engine.maxConcurrentBatches,
      0,
    );
  }

  /** The main model's engine (the built-in engine even with no pair model: tests and drills reach it). */
  get mainEngine(): TranslationEngine & TokenGenerator {
    return this.options.main;
  }

  readonly translate: TranslateSentences = async (sentences, source, target, signal) => {
    if (sentences.length === 0) return [];
    let texts = sentences;
    for (const leg of this.legs(source, target)) {
      texts = await leg.model.engine.translate(texts, leg.source, leg.target, signal);
      leg.model.sentences += texts.length;
    }
    return [...texts];
  };

  /** The n-best list of the model that translates the pair directly; a pivot has none (one each). */
  readonly alternatives: SentenceAlternatives = async (sentences, source, target, count, signal) => {
    const legs = this.legs(source, target);
    const engine = legs[0]!.model.engine;
    if (legs.length === 1 && engine.alternatives) {
      return engine.alternatives(sentences, source, target, count, signal);
    }
    return (await this.translate(sentences, source, target, signal)).map((translation) => [translation]);
  };

  modelFor(source: string, target: string): string {
    const legs = this.route(source, target);
    return legs ? legs.map((leg) => leg.model.engine.modelId).join('>') : this.main.engine.modelId;
  }

  languages(): ServedLanguageCodes | undefined {
    // A main model alone that may translate serves exactly its own lists, as it did unrouted.
    if (this.pairModels.size === 0 && this.facts(this.main).allowed) return this.main.engine.languages?.();
    const table = this.table();
    const from = [table.main.served, ...[...table.pairs.values()].map((pair) => pair.served)];
    // The same object until a model's languages change, so the language lists stay cached.
    if (from.some((codes, i) => codes !== this.served.from[i]) || from.length !== this.served.from.length) {
      this.served = { from, codes: servedByTable(table) };
    }
    return this.served.codes;
  }

  /**
   * The main model's status (so every field a server without pair models shows is still there,
   * about the main model), in the state of the least ready model, with every model listed.
   */
  status(): EngineStatus {
    const licences = this.options.licences ?? 'any';
    const quality = pairQualities(this.table(), (model) => this.facts(model));
    const warnings = licences === 'commercial' ? commercialWarnings(quality) : [];
    const told = {
      model_licences: licences,
      quality,
      ...(warnings.length > 0 && { quality_warnings: warnings }),
    };
    // A main model alone: its own status, as a server without pair models always showed it.
    if (this.pairModels.size === 0) {
      const allowed = this.facts(this.main).allowed;
      return {
        ...this.main.engine.status(),
        ...told,
        ...(!allowed && { models: [this.modelStatus(this.main)] }),
      };
    }
    const models = this.models.map((model) => this.modelStatus(model));
    const worst = models.reduce((least, model) =>
      (ORDER[model.state] ?? 0) < (ORDER[least.state] ?? 0) ? model : least,
    );
    const { progress, detail, next_attempt_at, ...main } = this.main.engine.status();
    return {
      ...main,
      ...told,
      state: worst.state,
      ...(worst === models[0]
        ? { progress, detail, next_attempt_at }
        : {
            progress: worst.progress,
            detail: worst.detail && `${worst.model ?? 'a pair model'}: ${worst.detail}`,
            next_attempt_at: worst.next_attempt_at,
          }),
      models,
      pivot: this.options.pivot,
    };
  }

  /**
   * Resolves once every model has loaded or failed, and rejects only when the main model failed:
   * a pair model that cannot load fails its own pairs (its engine refuses them with the reason),
   * not the requests waiting for the others.
   */
  async whenReady(): Promise<void> {
    const [main] = await Promise.allSettled(this.models.map((model) => model.engine.whenReady()));
    if (main!.status === 'rejected') throw main!.reason;
  }

  async close(): Promise<void> {
    await Promise.all(this.models.map((model) => model.engine.close()));
  }

  /** The inference mode serves the main model (its tokenizer is the one the kserve engine reads). */
  get vocabularySize(): number | undefined {
    return this.options.main.vocabularySize;
  }

  generate(
    rows: readonly (readonly number[])[],
    targetToken: number,
    signal?: AbortSignal,
  ): Promise<number[][]> {
    return this.options.main.generate(rows, targetToken, signal);
  }

  private table(): RouteTableInput<RoutedModel> {
    const entry = (model: RoutedModel) => routable(model, model.engine.languages?.(), this.facts(model));
    return {
      main: entry(this.main),
      pairs: new Map([...this.pairModels].map(([key, model]) => [key, entry(model)])),
      pivot: this.options.pivot,
    };
  }

  /** What the quality table and the licence setting say of a model, read again once it loads. */
  private facts(model: RoutedModel): ModelQuality {
    const served = model.engine.languages?.();
    if (!model.quality || model.quality.for !== served) {
      model.quality = {
        for: served,
        facts: modelQuality(model.engine.status(), this.options.licences ?? 'any'),
      };
    }
    return model.quality.facts;
  }

  private route(source: string, target: string): Leg<RoutedModel>[] | undefined {
    return routeOf(this.table(), source, target);
  }

  /** The route, or a 422 naming the pair; a pair model that serves another pair fails with 503. */
  private legs(source: string, target: string): Leg<RoutedModel>[] {
    const legs = this.route(source, target);
    // The main model alone (no pair model): it answers for itself when it may be used, translating
    // what its own tokens allow or refusing with its family and the language named, as it did
    // before the router wrapped it.
    const alone = this.pairModels.size === 0 && this.facts(this.main).allowed !== false;
    if (!legs && alone) return [{ model: this.main, source, target }];
    if (!legs) {
      const commercial = this.options.licences === 'commercial';
      throw pairNotServed(
        `No model ${commercial ? 'this server may use commercially (SEMA_MODEL_LICENCES=commercial)' : 'on this server'} translates ${source} into ${target}${this.options.pivot ? ', directly or through English' : ''}`,
      );
    }
    for (const leg of legs) {
      const wrong = leg.model.role === 'pair' && this.mismatch(leg.model);
      if (wrong) throw modelUnavailable(wrong);
    }
    // A pair the main model does not serve is refused by it, with the language named.
    return legs;
  }

  /** Why a loaded pair model cannot serve its configured pairs, if it cannot. */
  private mismatch(model: RoutedModel): string | undefined {
    const served = model.engine.languages?.();
    if (!served) return undefined;
    const missing = model.pairs.filter(
      ({ source, target }) => !served.sources.includes(source) || !served.targets.includes(target),
    );
    if (missing.length === 0) return undefined;
    const configured = missing.map(({ source, target }) => `${source}→${target}`).join(', ');
    return `the pair model ${model.engine.status().model ?? model.engine.modelId} translates ${few(served.sources)} into ${few(served.targets)}, not ${configured} as SEMA_PAIR_MODELS says`;
  }

  private modelStatus(model: RoutedModel): ModelStatus {
    const status = model.engine.status();
    const mismatch = model.role === 'pair' ? this.mismatch(model) : undefined;
    return {
      ...status,
      ...(mismatch && { state: 'error' as const, detail: mismatch }),
      role: model.role,
      ...(model.role === 'pair' && { pairs: model.pairs.map(({ source, target }) => `${source}-${target}`) }),
      sentences: model.sentences,
      ...(!this.facts(model).allowed && { allowed: false }),
    };
  }
}
