// What the engine benches (bench:engine, bench:models) feed a synthetic model and read back.
import { Seq2SeqEngine } from '@sema/server/seq2seq';
import { procMemoryKb } from '../scripts/lib/proc-memory.ts';

/** Seeded sentences of 8–40 one-token words (syllables the synthetic vocabularies hold whole). */
export function sentences(count: number, seed: number): string[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const syllables = [...'bcdfghjklmnprstvwz'].flatMap((c) => [...'aeiou'].map((v) => c + v));
  return Array.from({ length: count }, () => {
    const words = 8 + Math.floor(random() * 33);
    return Array.from({ length: words }, () => syllables[Math.floor(random() * syllables.length)]).join(' ');
  });
}

/** Peak resident memory of a process (VmHWM), MB. */
export function vmHwmMb(pid: number | undefined): number {
  return pid ? procMemoryKb(pid, 'VmHWM') / 1024 : NaN;
}

/**
 * The engine as the server runs it (the model in its own process) on a synthetic model, outputs
 * forced to round(ratio × source tokens) when a ratio is given (the translation limits otherwise);
 * `onTokens` hears each batch's generated tokens.
 */
export async function startForcedEngine(options: {
  folder: string;
  cacheRoot: string;
  dtype: string;
  threads: number;
  ratio?: number;
  beams?: number;
  onTokens: (tokens: number) => void;
}): Promise<{ engine: Seq2SeqEngine; loadSeconds: number; pid: number | undefined }> {
  const engineFor = () =>
    new Seq2SeqEngine({
      model: options.folder,
      modelCache: options.cacheRoot,
      dtype: options.dtype,
      threads: options.threads,
      beams: options.beams,
      ...(options.ratio !== undefined && { forceLengthRatio: options.ratio }),
      log: { info() {}, warn: console.warn, error: console.error },
      progressOutput: null,
      hangTimeoutMs: 600_000,
      onBatch: (stats) => options.onTokens(stats.generatedTokens),
    });
  // An uncounted first start writes the engine's copies of the model files (the first start of a
  // server does it once, peaking higher): the measured engine opens them as a restarted server does.
  const writer = engineFor();
  writer.start();
  await writer.whenReady();
  await writer.close();
  const engine = engineFor();
  const started = performance.now();
  engine.start();
  await engine.whenReady();
  return { engine, loadSeconds: (performance.now() - started) / 1000, pid: engine.modelProcessId };
}

/**
 * A forced engine as a bench's contender: `generate` translates a batch from `languages[0]` to
 * `languages[1]` and returns the tokens it generated; `peakRssMb` is the model process's peak.
 */
export async function startForcedContender(
  options: Omit<Parameters<typeof startForcedEngine>[0], 'onTokens'> & {
    languages: readonly [string, string];
  },
) {
  let tokens = 0;
  const { engine, loadSeconds, pid } = await startForcedEngine({
    ...options,
    onTokens: (count) => (tokens += count),
  });
  const [source, target] = options.languages;
  return {
    loadSeconds,
    async generate(texts: string[]): Promise<number> {
      tokens = 0;
      await engine.translate(texts, source, target);
      return tokens;
    },
    peakRssMb: () => vmHwmMb(pid),
    close: () => engine.close(),
  };
}
