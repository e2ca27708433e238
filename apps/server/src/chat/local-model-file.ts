/**
 * Where the local chat model comes from: a GGUF file on disk, or a hub URI / URL that is downloaded
 * once into the model cache (with the same progress bar as the translation model's,
 * `lib/download-progress.ts`, and progress in /status).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { resolveModelFile as ResolveModelFile } from 'node-llama-cpp';
import { isModelUri } from '../config/parsers.ts';

/** How long the hub may take to answer at all before the download is called off. */
export const HUB_ANSWER_MS = 15_000;
/** How long a download may go without a byte before it is called off. */
export const DOWNLOAD_STALL_MS = 60_000;

export interface ResolveOptions {
  /** Folder that holds downloaded models. */
  directory: string;
  /** Hugging Face endpoint for `hf:` URIs (a mirror, or a local server in tests). */
  hubEndpoint?: string;
  /** Access token for gated hub models. */
  hubToken?: string;
  onProgress: (fraction: number, downloadedBytes: number, totalBytes: number) => void;
  /** Overrides of HUB_ANSWER_MS and DOWNLOAD_STALL_MS (tests). */
  hubAnswerMs?: number;
  stallMs?: number;
}

export class ModelFileMissing extends Error {
  override name = 'ModelFileMissing';
}

/** A local path is used as is (it must exist); a URI is downloaded unless already in `directory`. */
export async function resolveLocalModel(
  source: string,
  resolveModelFile: typeof ResolveModelFile,
  options: ResolveOptions,
): Promise<string> {
  if (!isModelUri(source)) {
    const file = path.resolve(source);
    if (!fs.existsSync(file)) throw new ModelFileMissing(`model file not found: ${file}`);
    return file;
  }
  fs.mkdirSync(options.directory, { recursive: true });
  // A model downloaded before is used without asking the hub: a server restarts offline.
  const downloaded = await downloadedModel(source, resolveModelFile, options.directory);
  if (downloaded) return downloaded;
  // node-llama-cpp's downloader waits forever for a hub it cannot reach (and ignores its abort
  // signal then), which left the chat "loading 0%" for good offline. So the hub is asked first,
  // briefly, and the download itself is given up when no byte arrives for a while.
  await checkReachable(hubUrl(source, options.hubEndpoint), options.hubAnswerMs ?? HUB_ANSWER_MS);
  const stallMs = options.stallMs ?? DOWNLOAD_STALL_MS;
  let timer: NodeJS.Timeout | undefined;
  let stalled!: (error: Error) => void;
  const watchdog = new Promise<never>((_resolve, reject) => (stalled = reject));
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => stalled(new Error(`the download stalled: no data for ${Math.round(stallMs / 1000)} s`)),
      stallMs,
    );
  };
  rearm();
  try {
    return await Promise.race([
      resolveModelFile(source, {
        directory: options.directory,
        cli: false,
        verify: false,
        ...(options.hubEndpoint ? { endpoints: { huggingFace: options.hubEndpoint } } : {}),
        ...(options.hubToken ? { tokens: { huggingFace: options.hubToken } } : {}),
        onProgress: ({ totalSize, downloadedSize }) => {
          rearm();
          options.onProgress(totalSize > 0 ? downloadedSize / totalSize : 0, downloadedSize, totalSize);
        },
      }),
      watchdog,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The file a model URI was downloaded to in `directory`, found without the network; else undefined. */
export async function downloadedModel(
  source: string,
  resolveModelFile: typeof ResolveModelFile,
  directory: string,
): Promise<string | undefined> {
  try {
    return await resolveModelFile(source, { directory, download: false, cli: false });
  } catch {
    // node-llama-cpp names a plain URL's download after the URL's last part, but finds it again
    // only by asking the server; the name is looked for here instead.
    if (!/^https?:\/\//i.test(source)) return undefined;
    const name = path.posix.basename(new URL(source).pathname);
    const file = path.join(directory, name);
    return name.toLowerCase().endsWith('.gguf') && fs.existsSync(file) ? file : undefined;
  }
}

/** Where a model URI is fetched from: a plain URL as it is, a hub URI from the hub's root. */
export function hubUrl(source: string, hubEndpoint: string | undefined): string {
  if (/^https?:\/\//i.test(source)) return source;
  return hubEndpoint ?? 'https://huggingface.co/';
}

/** Resolves once `url`'s server answers at all (any status); rejects saying why it could not be reached. */
export async function checkReachable(url: string, timeoutMs: number): Promise<void> {
  const host = new URL(url).host;
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const timedOut = (error as Error).name === 'TimeoutError';
    const why = timedOut
      ? `no answer within ${Math.round(timeoutMs / 1000)} s`
      : (cause ?? (error as Error).message);
    throw new Error(`cannot reach ${host} (${why})`);
  }
}
