/**
 * The translation pipeline around any engine: split the text into sentences (each whole, with
 * stand-ins for what must come back verbatim: sentence-plan.ts), answer what the caches know (this
 * process's LRU, then the shared one in Redis), share identical sentences already in flight, batch
 * the rest across concurrent requests, check each whole sentence's stand-ins (translating the cut
 * version of one that fails), and put the translations back between the original whitespace.
 */
import { LRUCache } from 'lru-cache';
import { Batcher } from './batcher.ts';
import { abortable, isAbortError, modelUnavailable } from './errors.ts';
import type { EngineStatus, TranslationEngine } from './engines/types.ts';
import type { TranslationMetrics } from './metrics.ts';
import { noteModelTranslated } from './model-work.ts';
import { splitProtected, type Glossary } from './protected-spans.ts';
import { joinText, type Piece } from './segment.ts';
import { planSentences, type PlannedPiece } from './sentence-plan.ts';
import { maskedText, restoreStandIns, type StandInStyle } from './stand-ins.ts';
import { WholeSentenceRecord } from './whole-sentence-record.ts';
import type { SharedTranslationCache } from './shared-cache.ts';
import { servedCatalogue, type ServedCatalogue } from './served-languages.ts';

export interface TranslateParams {
  text: string;
  /** Catalogue code, already resolved (detection happens before). */
  source: string;
  /** Catalogue code. */
  target: string;
  /** Terms with fixed translations (and do-not-translate terms) for this text. */
  glossary?: Glossary;
}

export interface TranslationPipelineOptions {
  engine: TranslationEngine;
  batchWindowMs: number;
  maxBatchSize: number;
  queueLimit: number;
  /** Sentences kept in the LRU cache; 0 turns it off. */
  cacheSize: number;
  /** The second level, shared with other server processes (REDIS_URL); none keeps all in-process. */
  sharedCache?: SharedTranslationCache;
  metrics?: TranslationMetrics;
  /** How long a request waits for a model that is still loading before it gets a 503. */
  loadWaitMs?: number;
  /**
   * Sentences with placeholders, tags or terms go to the model whole, with stand-ins (the default);
   * false sends them cut around their spans, as before.
   */
  wholeSentences?: boolean;
  /** The stand-in form the model of a pair keeps best (stand-ins.ts); `bracket` when not said. */
  standInStyle?: (source: string, target: string) => StandInStyle;
}

/** What became of a text's sentences with stand-ins, for a document's note. */
export interface SentenceTally {
  /** Translated whole, every stand-in back in a valid order. */
  whole: number;
  /** Translated cut around their spans (the answer failed the check, or the pair keeps failing). */
  cut: number;
}

/** One planned piece and where its translation is, once known. */
interface PieceWork {
  piece: PlannedPiece;
  /** The cache key of a plain sentence, or of a whole sentence's masked text. */
  key?: string;
  style?: StandInStyle;
  /** The keys of the cut version's sentences, once a whole sentence is sent cut. */
  cutKeys?: string[];
  restored?: string;
}

/** One sentence to translate, with its language pair. */
interface Sentence {
  text: string;
  source: string;
  target: string;
}

/** A sentence being translated, shared by every request that needs it. */
interface InFlight {
  key: string;
  promise: Promise<string>;
  waiters: number;
  controller: AbortController;
}

const DEFAULT_LOAD_WAIT_MS = 15_000;

export class TranslationPipeline {
  /** The engine behind the pipeline (for status pages, tests and drills). */
  readonly engine: TranslationEngine;
  private readonly batcher: Batcher;
  private readonly cache: LRUCache<string, string> | undefined;
  private readonly sharedCache: SharedTranslationCache | undefined;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly metrics: TranslationMetrics | undefined;
  private readonly wholeRecord = new WholeSentenceRecord();

  constructor(private readonly options: TranslationPipelineOptions) {
    this.engine = options.engine;
    this.metrics = options.metrics;
    this.sharedCache = options.sharedCache;
    this.cache = options.cacheSize > 0 ? new LRUCache({ max: options.cacheSize }) : undefined;
    this.batcher = new Batcher({
      engine: options.engine,
      windowMs: options.batchWindowMs,
      maxBatchSize: options.maxBatchSize,
      queueLimit: options.queueLimit,
      onBatch: (size, seconds) => {
        this.metrics?.batchSize.observe(size);
        this.metrics?.batchSeconds.observe(seconds);
      },
    });
    this.metrics?.watchQueue(() => this.batcher.queued);
  }

  status(): EngineStatus {
    return this.engine.status();
  }

  /**
   * The languages this server translates, as every list shows them and every refusal judges them:
   * the one question routes ask (never the engine itself).
   */
  servedLanguages(): ServedCatalogue {
    return servedCatalogue(this.engine);
  }

  /** Sentences waiting for the engine. */
  get queued(): number {
    return this.batcher.queued;
  }

  async translate(params: TranslateParams, signal?: AbortSignal): Promise<string> {
    const [translation] = await this.translateAll([params], signal);
    return translation!;
  }

  /**
   * Up to `count` other translations of a text, best first, different from each other and from
   * `besides` (the translation already given): from the engine's n-best list, sentence by sentence,
   * joined rank by rank around the same protected spans. Not cached and not batched: they are asked
   * for rarely, and each is its own beam search. Empty when the engine has no n-best list.
   */
  async alternatives(
    params: TranslateParams,
    count: number,
    besides: string,
    signal?: AbortSignal,
  ): Promise<string[]> {
    const { text, source, target, glossary } = params;
    if (count <= 0 || source === target || !this.engine.alternatives) return [];
    const pieces = splitProtected(text, source, glossary);
    const sentences = pieces.flatMap((piece) => (piece.kind === 'sentence' ? [piece.text] : []));
    if (sentences.length === 0) return [];
    await this.engineReady(signal);
    const lists = await this.engine.alternatives(sentences, source, target, count + 1, signal);
    const texts = new Set<string>();
    for (let rank = 0; rank <= count; rank++) {
      texts.add(
        joinText(
          pieces,
          lists.map((list) => list[Math.min(rank, list.length - 1)] ?? ''),
        ),
      );
    }
    texts.delete(besides);
    return [...texts].slice(0, count);
  }

  /**
   * Translates several texts as one piece of work: one cache lookup for all their sentences, one
   * admission to the queue and one abort listener on `signal`, however many texts there are (a
   * batch request or a document holds hundreds). A second, smaller round translates the cut
   * version of any whole sentence whose answer failed the stand-in check.
   */
  async translateAll(
    items: readonly TranslateParams[],
    signal?: AbortSignal,
    tally?: SentenceTally,
  ): Promise<string[]> {
    const known = new Map<string, string>();
    const needed = new Map<string, Sentence>(); // key → sentence, each once
    const want = (text: string, source: string, target: string) => {
      const key = this.cacheKey(source, target, text);
      if (!known.has(key) && !needed.has(key)) {
        const cached = this.cache?.get(key);
        if (cached !== undefined) {
          known.set(key, cached);
          this.metrics?.cacheHits.inc();
        } else {
          needed.set(key, { text, source, target });
          this.metrics?.cacheMisses.inc();
        }
      }
      return key;
    };
    const cutKeys = (pieces: readonly Piece[], source: string, target: string) =>
      pieces.flatMap((piece) => (piece.kind === 'sentence' ? [want(piece.text, source, target)] : []));

    const plans = items.map(({ text, source, target, glossary }) => {
      if (source === target) return undefined;
      const pieces: readonly PlannedPiece[] =
        this.options.wholeSentences === false
          ? splitProtected(text, source, glossary)
          : planSentences(text, source, glossary);
      const pair = this.pairKey(source, target);
      const style = this.options.standInStyle?.(source, target) ?? 'bracket';
      return pieces.map((piece): PieceWork => {
        if (piece.kind === 'gap') return { piece };
        if (piece.kind === 'sentence') return { piece, key: want(piece.text, source, target) };
        if (!this.wholeRecord.shouldTry(pair)) {
          this.countWhole('cut', tally);
          return { piece, cutKeys: cutKeys(piece.fallback, source, target) };
        }
        return { piece, key: want(maskedText(piece.parts, style), source, target), style };
      });
    });
    await this.resolve(needed, known, signal);

    // Whole sentences are checked; one whose stand-ins did not all come back is translated cut.
    items.forEach(({ source, target }, i) => {
      for (const work of plans[i] ?? []) {
        if (work.piece.kind !== 'whole' || !work.key) continue;
        const restored = restoreStandIns(known.get(work.key)!, work.piece.held, work.style!);
        this.wholeRecord.record(this.pairKey(source, target), restored !== undefined);
        if (restored !== undefined) {
          work.restored = restored;
          this.countWhole('whole', tally);
        } else {
          work.cutKeys = cutKeys(work.piece.fallback, source, target);
          this.countWhole('fallback', tally);
        }
      }
    });
    await this.resolve(needed, known, signal);

    return items.map((item, i) => {
      const plan = plans[i];
      if (!plan) return item.text;
      return plan
        .map(({ piece, key, restored, cutKeys: keys }) => {
          if (piece.kind === 'gap') return piece.text;
          if (piece.kind === 'sentence') return known.get(key!)!;
          if (restored !== undefined) return restored;
          return joinText(
            piece.fallback,
            keys!.map((cut) => known.get(cut)!),
          );
        })
        .join('');
    });
  }

  /** Translates what `needed` holds into `known` (shared cache, then the model), and empties it. */
  private async resolve(
    needed: Map<string, Sentence>,
    known: Map<string, string>,
    signal?: AbortSignal,
  ): Promise<void> {
    if (needed.size > 0) await this.fromSharedCache(needed, known);
    // Cached sentences need no model; the rest wait for it to finish loading (briefly).
    if (needed.size > 0) await this.engineReady(signal);
    if (needed.size > 0) {
      noteModelTranslated();
      await this.translateNeeded(needed, known, signal);
    }
    needed.clear();
  }

  private countWhole(outcome: 'whole' | 'fallback' | 'cut', tally?: SentenceTally): void {
    this.metrics?.wholeSentences.inc({ outcome });
    if (tally) tally[outcome === 'whole' ? 'whole' : 'cut'] += 1;
  }

  /** The model and target a whole sentence's outcome is recorded under. */
  private pairKey(source: string, target: string): string {
    return `${this.engine.modelFor?.(source, target) ?? this.engine.modelId}\u0000${target}`;
  }

  /** Sends what no cache knew to the batcher (joining identical sentences already in flight). */
  private async translateNeeded(
    needed: Map<string, Sentence>,
    known: Map<string, string>,
    signal?: AbortSignal,
  ): Promise<void> {
    const fresh = [...needed.keys()].filter((key) => !this.inFlight.has(key)).length;
    try {
      this.batcher.admit(fresh);
    } catch (error) {
      this.metrics?.rejected.inc();
      throw error;
    }

    // This request's stake in each shared sentence; released when it ends early.
    const joined: InFlight[] = [];
    const release = () => {
      for (const entry of joined.splice(0)) if (--entry.waiters === 0) this.abandon(entry);
    };
    signal?.addEventListener('abort', release, { once: true });
    try {
      const waits = [...needed].map(([key, sentence]) => {
        const entry = this.join(key, sentence);
        joined.push(entry);
        return entry.promise.then((translation) => known.set(key, translation));
      });
      await abortable(Promise.all(waits), signal);
    } catch (error) {
      release();
      throw error;
    } finally {
      signal?.removeEventListener('abort', release);
    }
  }

  async close(): Promise<void> {
    this.sharedCache?.flush();
    this.batcher.close(modelUnavailable('the server is shutting down'));
    await this.engine.close();
  }

  /** Keyed by the model that translates the pair: another model (or route) never reads its entries. */
  private cacheKey(source: string, target: string, sentence: string): string {
    const model = this.engine.modelFor?.(source, target) ?? this.engine.modelId;
    return `${model}\u0000${source}\u0000${target}\u0000${sentence}`;
  }

  /**
   * Moves what another process already translated from `needed` to `known`, in one round trip.
   * Sentences this process is translating right now are left to join that work instead.
   */
  private async fromSharedCache(needed: Map<string, Sentence>, known: Map<string, string>): Promise<void> {
    if (!this.sharedCache) return;
    const keys = [...needed.keys()].filter((key) => !this.inFlight.has(key));
    const found = await this.sharedCache.lookup(keys);
    for (const [key, translation] of found) {
      needed.delete(key);
      known.set(key, translation);
      this.cache?.set(key, translation);
    }
  }

  private join(key: string, { text, source, target }: Sentence): InFlight {
    const existing = this.inFlight.get(key);
    if (existing) {
      existing.waiters++;
      this.metrics?.sharedInFlight.inc();
      return existing;
    }
    const controller = new AbortController();
    const promise = this.batcher.submit(text, source, target, controller.signal).then((translation) => {
      this.cache?.set(key, translation);
      this.sharedCache?.store(key, translation);
      return translation;
    });
    const entry: InFlight = { key, promise, waiters: 1, controller };
    this.inFlight.set(key, entry);
    // Whoever waits handles the failure; this copy only cleans up.
    const forget = () => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    promise.then(forget, forget);
    return entry;
  }

  /** Nobody waits for this sentence any more: cancel it, and let the next request start afresh. */
  private abandon(entry: InFlight): void {
    if (this.inFlight.get(entry.key) === entry) this.inFlight.delete(entry.key);
    entry.controller.abort();
  }

  /** A model still loading gets a short grace period, then a 503 saying how far along it is. */
  private async engineReady(signal?: AbortSignal): Promise<void> {
    // Only a loading engine is waited for; one in error answers for itself (a remote engine
    // retries, a local one refuses at once with the reason).
    if (this.engine.status().state !== 'loading') return;
    const waitMs = this.options.loadWaitMs ?? DEFAULT_LOAD_WAIT_MS;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), waitMs);
    });
    try {
      const outcome = await abortable(Promise.race([this.engine.whenReady(), timeout]), signal);
      if (outcome !== 'timeout') return;
    } catch (error) {
      if (isAbortError(error)) throw error;
      const failed = this.engine.status();
      throw modelUnavailable(failed.detail ?? (error as Error).message);
    } finally {
      clearTimeout(timer);
    }
    const { progress } = this.engine.status();
    const how =
      progress === undefined ? 'still loading' : `still downloading (${Math.floor(progress * 100)}% done)`;
    throw modelUnavailable(`the model is ${how}`, 'Try again in a minute', 30);
  }
}
