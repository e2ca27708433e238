/**
 * Opens one of a model's ONNX files as the engine runs it: its copy with int8 weights and the bytes
 * to append (copy-cache.ts, int8-weights.ts), or the original when there is nothing to change or
 * the copy cannot be had. Every way the original is opened instead of a copy that was wanted is
 * returned as a reason, so that the load can report it (logged once, shown in `/status`): a copy
 * that fails to open costs the model nothing but speed, and must not cost it silently.
 */
import path from 'node:path';
import ort from 'onnxruntime-node';
import { cachedCopy, markCopyFailed } from './copy-cache.ts';
import { NO_UINT8_WEIGHTS, writeEngineCopy } from './int8-weights.ts';
import { diedWhileOpening, leaveOpeningNote } from './opening-note.ts';
import { prepackedConverter, unreadablePackings, writePrepackedCopyApart } from './prepacked-weights.ts';

export interface OpenedModelFile {
  session: ort.InferenceSession;
  /** The file opened: the copy, or the original. */
  file: string;
  /** Whether its weights run as int8. */
  int8: boolean;
  /** Why int8 was asked for and the weights are not int8; `fallback` unless there was nothing to convert. */
  int8Off?: { why: string; fallback: boolean };
  /** Why the copy that was wanted (for int8 or for `append`) is not the file opened. */
  copyOff?: string;
  /** Whether the file opened holds its weights prepacked (prepacked-weights.ts). */
  prepacked: boolean;
  /** Why the prepacked copy that was wanted is not the file opened (the engine's copy is, or the original). */
  prepackedOff?: string;
  /** For a prepacked copy: to call once it has run, which takes its opening note away (opening-note.ts). */
  ranOnce?: () => void;
}

/**
 * A copy as earlier versions wrote it, kept under a name of its own, for bench:memory's side by
 * side runs: `tied` the decoder's embedding still read from the tied output projection
 * (embedding-rows.ts), `inline` that and the weights inside the copy (before external-weights.ts).
 */
export type BenchCopy = 'tied' | 'inline';

export interface OpenModelFileOptions {
  /** The copies' folder (copiesFolder of the model cache). */
  copies: string;
  /** Whether to write its uint8 weights as int8 (a q8 model). */
  int8: boolean;
  /** Bytes to append to the copy (the graph tails); the original never gets them. */
  append?: Uint8Array;
  /** Part of the copy's name: what the tail is, e.g. `picker`. */
  appendName?: string;
  sessionOptions: ort.InferenceSession.SessionOptions;
  /** Benchmarks and tests only: a copy as earlier versions wrote it. Unset in the server. */
  benchCopy?: BenchCopy;
  /** The converter's version, for tests; copy-cache.ts's ENGINE_FILES_VERSION otherwise. */
  converter?: string;
  /**
   * Whether to open the copy with its weights prepacked by ONNX Runtime (prepacked-weights.ts),
   * written from the engine's copy the first time; the engine's copy when that fails.
   */
  prepacked?: boolean;
}

export async function openModelFile(file: string, options: OpenModelFileOptions): Promise<OpenedModelFile> {
  const { int8, append } = options;
  const open = (target: string) => ort.InferenceSession.create(target, options.sessionOptions);
  if (!int8 && !append) return { session: await open(file), file, int8: false, prepacked: false };
  const variant = [int8 && 'int8', append && (options.appendName ?? 'tail'), options.benchCopy]
    .filter(Boolean)
    .join('.');
  const outcome = await cachedCopy(
    options.copies,
    { original: file, variant, ...(append && { appended: append }), converter: options.converter },
    // Its large weights in a data file beside it, which ONNX Runtime maps rather than reads
    // (external-weights.ts).
    (original, target, externalData) =>
      writeEngineCopy(original, target, {
        int8,
        ...(append && { append }),
        ...(options.benchCopy !== 'inline' && { externalData }),
        tiedEmbedding: options.benchCopy === 'tied',
      }),
  );
  let copyOff: string;
  if (outcome.kind === 'copy') {
    const int8Off = int8 && !outcome.int8 && { int8Off: notConverted(outcome.why) };
    let prepackedOff: string | undefined;
    // Only int8 weights: the kernels whose packings ONNX Runtime reads back (prepacked-weights.ts).
    if (options.prepacked && outcome.int8) {
      const packed = await cachedCopy(
        options.copies,
        {
          original: outcome.file,
          recordSource: file,
          variant: `${variant}.prepacked`,
          converter: options.converter ? `${options.converter}+prepacked` : prepackedConverter(),
        },
        async (copy, target, data) => {
          await writePrepackedCopyApart(copy, target, data, options.sessionOptions);
          return { written: true, int8: outcome.int8, ...(outcome.why && { why: outcome.why }) };
        },
      );
      const unsafe = packed.kind === 'copy' ? unreadablePackings(packed.file) : undefined;
      if (packed.kind === 'copy' && unsafe) {
        // Remembered like a copy that failed to open: not written again at every start.
        markCopyFailed(packed.file, unsafe);
        prepackedOff = `the engine's prepacked copy of ${path.basename(file)} is not used: ${unsafe}`;
      } else if (packed.kind === 'copy' && diedWhileOpening(packed.file)) {
        const reason = 'a model process died while opening it (ONNX Runtime crashed reading its packings)';
        markCopyFailed(packed.file, reason);
        prepackedOff = `the engine's prepacked copy of ${path.basename(file)} is not used: ${reason}`;
      } else if (packed.kind === 'copy') {
        // A crash opening or first running it is no error to catch: the note tells the next
        // process (opening-note.ts). The model removes it after its first translation.
        const ranOnce = leaveOpeningNote(packed.file);
        try {
          const session = await open(packed.file);
          return { session, file: packed.file, int8: outcome.int8, ...int8Off, prepacked: true, ranOnce };
        } catch (error) {
          ranOnce();
          const reason = (error as Error).message;
          markCopyFailed(packed.file, reason);
          prepackedOff = `the engine's prepacked copy of ${path.basename(file)} failed to open (${oneLine(reason)})`;
        }
      } else if (packed.kind === 'unavailable') prepackedOff = packed.reason;
    }
    try {
      const session = await open(outcome.file);
      return {
        session,
        file: outcome.file,
        int8: outcome.int8,
        ...int8Off,
        prepacked: false,
        ...(prepackedOff && { prepackedOff }),
      };
    } catch (error) {
      // A layout the conversion misjudged must not cost the model: the original still works.
      const reason = (error as Error).message;
      markCopyFailed(outcome.file, reason);
      copyOff = `the engine's copy of ${path.basename(file)} failed to open (${oneLine(reason)})`;
    }
  } else if (outcome.kind === 'unchanged') {
    return {
      session: await open(file),
      file,
      int8: false,
      ...(int8 && { int8Off: notConverted(outcome.why) }),
      prepacked: false,
    };
  } else {
    copyOff = outcome.reason;
  }
  return {
    session: await open(file),
    file,
    int8: false,
    ...(int8 && { int8Off: { why: copyOff, fallback: true } }),
    copyOff,
    prepacked: false,
  };
}

function notConverted(why = NO_UINT8_WEIGHTS): { why: string; fallback: boolean } {
  return { why, fallback: why !== NO_UINT8_WEIGHTS };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
