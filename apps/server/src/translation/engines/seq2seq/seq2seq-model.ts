/**
 * A translation model loaded for translation, of any family the engine runs (NLLB-200, M2M-100,
 * SMaLL-100, OPUS-MT; see `../families/`): transformers.js finds, downloads and caches the files
 * and reads the tokenizer; we open the ONNX sessions from the files with onnxruntime-node, and
 * decoding is our own loop, greedy or beam search. The family frames the rows and names the
 * decoder's forced tokens; nothing else here depends on it. Runs inside the engine's model
 * process, and directly in tests and benchmarks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AutoConfig, AutoModelForSeq2SeqLM, type ProgressInfo } from '@huggingface/transformers';
import type ort from 'onnxruntime-node';
import { BeamDecoder } from './decoding/beam-decoder.ts';
import type { DecodeJob, DecodeStats, Decoder } from './decoding/decoder.ts';
import { DecoderRunner } from './decoding/decoder-runner.ts';
import { GreedyDecoder } from './decoding/greedy-decoder.ts';
import { copiesFolder } from './engine-files/copy-cache.ts';
import { checkMergedDecoder, decoderLayout, readModelConfig } from './model/export-layout.ts';
import { engineFeatures, type EngineFeatures } from './engine-files/engine-features.ts';
import { openModelFile, type BenchCopy, type OpenedModelFile } from './engine-files/open-model-file.ts';
import { newKeysValuesTail } from './engine-files/new-keys-values-tail.ts';
import { decoderPickerTail } from './engine-files/picker-graph.ts';
import { forcedLength, TRANSLATION_LIMITS, type RowLimits } from './decoding/row-limits.ts';
import { RuntimePicker, type PickerKind, type TokenPicker } from './decoding/token-picker.ts';
import { JsPicker } from './decoding/js-picker.ts';
import { recordManifest } from '../model-inventory.ts';
import { downloadOnce } from '../download-lock.ts';
import { cachedModelFolder, modelFiles, onnxFile, type ModelSource } from '../model-source.ts';
import type { ModelFamily, ServedLanguages } from '../families/model-family.ts';
import { loadModelTokenizer } from '../tokenizer/family-tokenizer.ts';
import type { ModelTokenizer } from '../tokenizer/model-tokenizer.ts';
import { useSource } from '../transformers-source.ts';

/** One progress event of a model file being downloaded. */
export interface DownloadEvent {
  file: string;
  loaded: number;
  total: number;
}

export interface LoadOptions {
  source: ModelSource;
  dtype: string;
  /** ONNX Runtime intra-op threads (the cores we may use). */
  threads: number;
  /** Beam width (`SEMA_TRANSLATION_BEAMS`); 1, the default, decodes greedily. */
  beams?: number;
  /**
   * Where each step's best tokens are picked from the logits: `decoder` (the default, inside the
   * decoder's own graph), `runtime` (a small ONNX Runtime session of its own) or `js` (the loop in
   * JS); the last two for side-by-side benches and tests (token-picker.ts).
   */
  picker?: PickerKind;
  /**
   * The model cache (`SEMA_MODEL_CACHE`), under which the engine keeps its copies of the model's
   * files (engine-files/copy-cache.ts); a hub model's cache folder, else SEMA_MODEL_CACHE's default.
   */
  copyCache?: string;
  /** Called while files that were not on disk yet are downloaded. */
  onDownload?: (progress: DownloadEvent) => void;
  /**
   * Called once the model's family and languages are known from its small files: before its weights
   * are downloaded or opened.
   */
  onIdentified?: (model: { family: ModelFamily; languages: ServedLanguages }) => void;
  /** Benchmarks only: forced output lengths (decoding/row-limits.ts). Unset in the server. */
  forceLengthRatio?: number;
  /**
   * Benchmarks only (bench:memory's levers): ONNX Runtime options merged over the engine's own for
   * the encoder's and the decoder's session (`extra.session` entry by entry). Unset in the server.
   */
  sessionOverrides?: { encoder?: SessionOverride; decoder?: SessionOverride };
  /** Benchmarks and tests only: a copy as earlier versions wrote it (open-model-file.ts). */
  benchCopy?: BenchCopy;
  /** Benchmarks only (bench:memory): open the encoder before the decoder, as before. */
  benchEncoderFirst?: boolean;
  /**
   * Benchmarks only (bench:memory): which of the engine's copies open with their weights prepacked
   * (engine-files/prepacked-weights.ts); the engine's choice, the decoder's only, when unset.
   */
  benchPrepacked?: 'none' | 'decoder' | 'both';
}

/** Session options a bench merges over `engineSessionOptions` (config entries as strings). */
export interface SessionOverride {
  enableCpuMemArena?: boolean;
  session?: Record<string, string>;
}

function withOverride(
  base: ReturnType<typeof engineSessionOptions>,
  override: SessionOverride | undefined,
): ort.InferenceSession.SessionOptions {
  if (!override) return base;
  return {
    ...base,
    ...(override.enableCpuMemArena !== undefined && { enableCpuMemArena: override.enableCpuMemArena }),
    extra: { session: { ...base.extra.session, ...override.session } },
  };
}

export interface TranslateStats extends DecodeStats {
  sourceTokens: number;
}

/** Sentences as the decoder takes them: one row per piece of at most `MAX_SOURCE_TOKENS` tokens. */
export interface PreparedJob {
  job: DecodeJob;
  /** Per row, the sentence it belongs to. */
  owner: number[];
  sourceTokens: number;
}

/**
 * How the engine opens its ONNX Runtime sessions (the benches open variants from these too, so a
 * lever is measured against what the engine really runs).
 */
export function engineSessionOptions(threads: number) {
  return {
    executionProviders: ['cpu'],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // Without the arena, memory used by a large batch goes back to the system afterwards
    // instead of staying reserved for the life of the process.
    enableCpuMemArena: false,
    // Idle ONNX Runtime threads spin by default, burning the cores the HTTP side needs
    // between decoding steps (and everything, on a busy machine).
    extra: { session: { intra_op: { allow_spinning: '0' } } },
    // Errors only: ONNX Runtime warns at length while it optimises a graph.
    logSeverityLevel: 3,
  } satisfies ort.InferenceSession.SessionOptions;
}

/** The model cache copies go under when the load is not told: SEMA_MODEL_CACHE's default. */
function defaultCopyCache(source: ModelSource): string {
  if (source.kind === 'hub') return source.cacheDir;
  return process.env.SEMA_MODEL_CACHE || path.join(os.homedir(), '.cache', 'sema');
}

/**
 * Deletes the copies earlier versions wrote beside a download (`onnx/<file>.int8.onnx`,
 * `.picker.onnx`, `.int8.picker.onnx`): they now live in the copies' folder (copy-cache.ts), and
 * each took the model's size again on disk.
 */
function removeCopiesBesideDownload(folder: string, dtype: string): void {
  for (const name of ['encoder_model', 'decoder_model_merged']) {
    const base = path.join(folder, onnxFile(name, dtype)).replace(/\.onnx$/, '');
    for (const suffix of ['.int8.onnx', '.picker.onnx', '.int8.picker.onnx'])
      fs.rmSync(base + suffix, { force: true });
  }
}

export class Seq2SeqModel {
  private constructor(
    private readonly tokenizer: ModelTokenizer,
    private readonly sessions: readonly (ort.InferenceSession | TokenPicker)[],
    /** The encoder and decoder sessions, for tests and benchmarks that drive a decoder directly. */
    readonly runner: DecoderRunner,
    private readonly decoder: Decoder,
    /** Which of the engine's speed-ups run, and why one is off (for /status). */
    readonly features: EngineFeatures,
    /** The files the sessions were opened from: the engine's copies, or the originals. */
    readonly openedFiles: { encoder: string; decoder: string },
    /** How far rows may run: the translation's limits, or a benchmark's forced lengths. */
    private readonly limits: RowLimits,
    /** Told once the decoder has run: a prepacked copy's opening note goes (engine-files/opening-note.ts). */
    private ranOnce?: () => void,
  ) {}

  /** After a decode that returned: the files opened run, so a crash was not theirs. */
  private decoded(): void {
    this.ranOnce?.();
    this.ranOnce = undefined;
  }

  static async load(options: LoadOptions): Promise<Seq2SeqModel> {
    const { source } = options;
    const reference = useSource(source);
    if (source.kind === 'folder') {
      // transformers.js skips a missing tokenizer silently and fails later with a riddle.
      for (const file of modelFiles(options.dtype)) {
        const full = path.join(source.path, file);
        if (!fs.existsSync(full)) throw new Error(`${full} is missing`);
      }
    }
    const progress_callback = downloadReporter(source, options.onDownload);
    const folder = source.kind === 'folder' ? source.path : cachedModelFolder(source);
    const downloads =
      source.kind === 'hub' ? modelFiles(options.dtype).filter((file) => !onDisk(folder, file)) : [];
    // Servers sharing a model cache (a volume several nodes mount) download a model once: one holds
    // the folder's lock and downloads, the others wait and then verify what it wrote (download-lock.ts).
    const fetchFiles = async (): Promise<ModelTokenizer> => {
      // The model's family and languages come from its small files (config.json, the tokenizer's),
      // fetched first: the language lists can say what the model serves while its weights download.
      if (downloads.length > 0) await AutoConfig.from_pretrained(reference, { progress_callback });
      const tokenizer = await loadModelTokenizer(source, progress_callback);
      options.onIdentified?.({ family: tokenizer.family, languages: tokenizer.languages });
      if (downloads.length > 0 && !modelFiles(options.dtype).every((file) => onDisk(folder, file))) {
        // Not downloaded yet: transformers.js downloads the weights into the cache folder (its model
        // is opened to do so, then let go; on this first start only, the copies it reads behind the
        // sessions' back come and go).
        const download = await AutoModelForSeq2SeqLM.from_pretrained(reference, {
          dtype: options.dtype as 'q8',
          device: 'cpu',
          progress_callback,
          session_options: { enableCpuMemArena: false },
        });
        await download.dispose();
      }
      // What arrived is recorded as it arrived, for `npm run models -- verify` and for the nodes
      // that waited for this download.
      if (downloads.length > 0) await recordManifest(folder, downloads);
      return tokenizer;
    };
    const tokenizer =
      downloads.length > 0 ? await downloadOnce(folder, downloads, fetchFiles) : await fetchFiles();
    // The sessions are ours, opened from the files: transformers.js, given a file on disk, starts a
    // stream that reads the whole file into memory behind the session's back (its FileResponse),
    // another copy of the weights for as long as the process lives (1.5 GB more for 600M q8).
    const sessionOptions = engineSessionOptions(options.threads);
    // The engine opens its own copy of a file when it changes something (engine-files/): quantized
    // weights as int8 rather than the exports' uint8 (the same integers, faster kernels), and the
    // token picker's nodes and the new-keys-and-values slices appended to the decoder. The copies
    // go under the model cache, keyed by the original's content and the converter's version.
    if (source.kind === 'hub') removeCopiesBesideDownload(folder, options.dtype);
    const copies = copiesFolder(options.copyCache ?? defaultCopyCache(source));
    const pickerKind = options.picker ?? 'decoder';
    const int8 = options.dtype === 'q8';
    // The decoder's copy opens with its weights prepacked by ONNX Runtime (saved once, then mapped):
    // packing them at every load was the process's peak (prepacked-weights.ts, docs/engine.md).
    const prepacked = options.benchPrepacked ?? 'decoder';
    const open = (name: string, override: SessionOverride | undefined, append?: Uint8Array) =>
      openModelFile(path.join(folder, onnxFile(name, options.dtype)), {
        copies,
        int8,
        ...(append && { append, appendName: 'picker' }),
        sessionOptions: withOverride(sessionOptions, override),
        ...(options.benchCopy && { benchCopy: options.benchCopy }),
        prepacked: prepacked === 'both' || (prepacked === 'decoder' && name === 'decoder_model_merged'),
      });
    /** Sessions opened so far, released if the load fails. */
    const opened: ort.InferenceSession[] = [];
    let picker: TokenPicker | undefined;
    try {
      // Prepacking stays on for the decoder too. Turning it off there saves the packed copy of the
      // tied embedding/output weight (peak 1.83× → 1.39× the weights for 600M q8) but makes every
      // step slower: measured side by side (bench:models, 2 rounds, quiet machine) 0.55 → 0.16
      // sentences/s at batch 1 and 1.43 → 0.62 at batch 8. Speed wins; see bench/results/HISTORY.md.
      const config = readModelConfig(folder);
      const layout = decoderLayout(config);
      // With the default picker, the engine's copy of the decoder picks each step's tokens and
      // returns only each step's new keys and values (picker-graph.ts, decoder-cache.ts).
      const keep = (file: OpenedModelFile) => (opened.push(file.session), file);
      const openDecoder = () =>
        open(
          'decoder_model_merged',
          options.sessionOverrides?.decoder,
          pickerKind === 'decoder'
            ? Buffer.concat([decoderPickerTail(), newKeysValuesTail(layout.layers)])
            : undefined,
        ).then(keep);
      const openEncoder = () => open('encoder_model', options.sessionOverrides?.encoder).then(keep);
      // The decoder first: ONNX Runtime keeps all of the merged decoder's mapped weights resident
      // until it has prepacked every one (the whole data file at once, ~470 MB for 600M q8), so
      // the load's peak is lower without the encoder's weights already beside them
      // (bench:memory's encoder-first lever; docs/engine.md).
      const { encoder: encoderFile, decoder: decoderFile } = options.benchEncoderFirst
        ? { encoder: await openEncoder(), decoder: await openDecoder() }
        : { decoder: await openDecoder(), encoder: await openEncoder() };
      const encoder = encoderFile.session;
      const decoderSession = decoderFile.session;
      checkMergedDecoder(decoderSession.inputNames);
      const eos = config.eos_token_id ?? 2;
      const vocabSize = config.vocab_size ?? tokenizer.vocabularySize;
      const suppressed = new Uint8Array(vocabSize);
      for (const id of tokenizer.specialIds) if (id !== eos && id < vocabSize) suppressed[id] = 1;
      const limits =
        options.forceLengthRatio === undefined ? TRANSLATION_LIMITS : forcedLength(options.forceLengthRatio);
      if (!limits.mayEnd) suppressed[eos] = 1;
      picker = pickerKind === 'js' ? new JsPicker(suppressed) : new RuntimePicker(suppressed);
      const runner = new DecoderRunner(
        encoder,
        decoderSession,
        layout,
        {
          pad: config.pad_token_id ?? 1,
          eos,
          decoderStart: config.decoder_start_token_id ?? eos,
          suppressed,
        },
        picker,
      );
      const beams = options.beams ?? 1;
      const decoder = beams > 1 ? new BeamDecoder(runner, beams) : new GreedyDecoder(runner);
      const features = engineFeatures({
        dtype: options.dtype,
        encoder: encoderFile,
        decoder: decoderFile,
        picker: pickerKind,
        picksInGraph: runner.picksInGraph,
        newKeysValuesInGraph: runner.newKeysValuesInGraph,
        tokenizerPieces: tokenizer.compactPieces,
      });
      return new Seq2SeqModel(
        tokenizer,
        [encoder, decoderSession, picker],
        runner,
        decoder,
        features,
        { encoder: encoderFile.file, decoder: decoderFile.file },
        limits,
        decoderFile.ranOnce,
      );
    } catch (error) {
      for (const session of opened) await session.release();
      await picker?.release();
      throw error;
    }
  }

  /** The model's family (how its rows are framed, its licence). */
  get family(): ModelFamily {
    return this.tokenizer.family;
  }

  /** The catalogue languages the model reads and writes. */
  get languages(): ServedLanguages {
    return this.tokenizer.languages;
  }

  /**
   * Translates sentences between two catalogue languages (e.g. `eng_Latn` → `cmn_Hans`); a
   * language the model does not serve throws UnservedLanguageError.
   */
  async translate(
    sentences: readonly string[],
    source: string,
    target: string,
    signal?: AbortSignal,
  ): Promise<{ translations: string[]; stats: TranslateStats }> {
    const { job, owner, sourceTokens } = this.prepare(sentences, source, target, signal);
    const stats: TranslateStats = { steps: 0, generatedTokens: 0, sourceTokens };
    const generated = await this.decoder.decode(job, stats);
    this.decoded();
    const parts: string[][] = sentences.map(() => []);
    generated.forEach((tokens, row) => {
      parts[owner[row]!]!.push(this.tokenizer.decode(tokens));
    });
    return { translations: parts.map((pieces) => pieces.filter(Boolean).join(' ')), stats };
  }

  /**
   * Up to `count` different translations of each sentence, best first, from a beam search of
   * `count + 1` beams (whatever the configured decoding): the n-best list behind `alternatives`.
   * A sentence long enough to take several rows gets its rows' lists joined rank by rank.
   */
  async alternatives(
    sentences: readonly string[],
    source: string,
    target: string,
    count: number,
    signal?: AbortSignal,
  ): Promise<string[][]> {
    const { job, owner } = this.prepare(sentences, source, target, signal);
    const lists = await new BeamDecoder(this.runner, count + 1).searchAll(job);
    this.decoded();
    const ranked: string[][][] = sentences.map(() => []); // sentence → rank → row pieces
    lists.forEach((finished, row) => {
      // A row with fewer finished hypotheses repeats its last one at the lower ranks.
      for (let rank = 0; rank <= count; rank++) {
        const tokens = finished[Math.min(rank, finished.length - 1)]?.tokens ?? [];
        const text = this.tokenizer.decode(tokens);
        (ranked[owner[row]!]![rank] ??= []).push(text);
      }
    });
    return ranked.map((ranks) => {
      const texts = ranks.map((pieces) => pieces.filter(Boolean).join(' '));
      return [...new Set(texts)].slice(0, count);
    });
  }

  /** Size of the model's vocabulary: every token id is below it. */
  get vocabularySize(): number {
    return this.runner.special.suppressed.length;
  }

  /**
   * Generates from token rows the caller tokenized (the inference API's `INPUT_IDS`, each
   * `[source language, …tokens, </s>]`) towards one target language token, forced first as NLLB
   * and M2M-100 want it, with the same caps and loop guard as `translate`. Each output is the
   * generated tokens without the start, language and end tokens. Rows must fit the model
   * (`MAX_SOURCE_TOKENS` + 2) and hold only its ids.
   */
  async generate(
    rows: readonly (readonly number[])[],
    targetToken: number,
    signal?: AbortSignal,
  ): Promise<{ outputs: number[][]; stats: TranslateStats }> {
    let sourceTokens = 0;
    for (const row of rows) sourceTokens += row.length;
    const job: DecodeJob = {
      rows,
      forcedPrefix: [targetToken],
      // The language and end tokens are not counted, as in `prepare`.
      maxNewTokens: rows.map((row) => TRANSLATION_LIMITS.maxNewTokens(row.slice(1, -1))),
      guardLoops: rows.map((row) => TRANSLATION_LIMITS.guardLoops(row.slice(1, -1))),
      signal,
    };
    const stats: TranslateStats = { steps: 0, generatedTokens: 0, sourceTokens };
    const outputs = await this.decoder.decode(job, stats);
    return { outputs, stats };
  }

  /** Tokenizes sentences into the decoder's rows, with each row's length cap and loop guard. */
  prepare(sentences: readonly string[], source: string, target: string, signal?: AbortSignal): PreparedJob {
    const forcedPrefix = this.tokenizer.targetPrefix(target);
    const rows: number[][] = [];
    const owner: number[] = [];
    const guardLoops: boolean[] = [];
    const maxNewTokens: number[] = [];
    let sourceTokens = 0;
    sentences.forEach((sentence, index) => {
      const ids = this.tokenizer.encode(sentence);
      sourceTokens += ids.length;
      for (const { ids: row, piece } of this.tokenizer.sourceRows(ids, source, target)) {
        rows.push(row);
        owner.push(index);
        guardLoops.push(this.limits.guardLoops(piece));
        maxNewTokens.push(this.limits.maxNewTokens(piece));
      }
    });
    return { job: { rows, forcedPrefix, maxNewTokens, guardLoops, signal }, owner, sourceTokens };
  }

  async dispose(): Promise<void> {
    for (const session of this.sessions) await session.release();
    // Let go without a crash: nothing to tell the next process.
    this.decoded();
  }
}

function onDisk(folder: string, file: string): boolean {
  return fs.existsSync(path.join(folder, file));
}

/**
 * Turns transformers.js progress events into download progress for files that were not on disk
 * when loading began (reading a cached file is not a download).
 */
function downloadReporter(source: ModelSource, report?: (progress: DownloadEvent) => void) {
  const downloading = new Set<string>();
  return (info: ProgressInfo) => {
    if (!report || source.kind !== 'hub') return;
    if (info.status === 'initiate') {
      if (!fs.existsSync(path.join(source.cacheDir, source.id, info.file))) downloading.add(info.file);
    } else if (info.status === 'progress' && downloading.has(info.file)) {
      report({ file: info.file, loaded: info.loaded, total: info.total });
    }
  };
}
