/**
 * Where the local chat model comes from: a GGUF file on disk, or a hub URI / URL that is downloaded
 * once into the model cache (with a progress bar in the log and progress in /status).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { resolveModelFile as ResolveModelFile } from 'node-llama-cpp';

/** `hf:user/repo/file.gguf`, `huggingface:…`, `hf.co/…` or an http(s) URL. */
export function isModelUri(value: string): boolean {
  return /^(hf:|huggingface:|hf\.co\/|huggingface\.co\/|https?:\/\/)/i.test(value);
}

/** `[######--------------]  30%` */
export function progressBar(fraction: number, width = 20): string {
  const clamped = Math.min(1, Math.max(0, fraction));
  const filled = Math.round(clamped * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(clamped * 100)).padStart(3)}%`;
}

export interface ResolveOptions {
  /** Folder that holds downloaded models. */
  directory: string;
  /** Hugging Face endpoint for `hf:` URIs (a mirror, or a local server in tests). */
  hubEndpoint?: string;
  /** Access token for gated hub models. */
  hubToken?: string;
  onProgress: (fraction: number, downloadedBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
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
  return resolveModelFile(source, {
    directory: options.directory,
    cli: false,
    verify: false,
    signal: options.signal,
    ...(options.hubEndpoint ? { endpoints: { huggingFace: options.hubEndpoint } } : {}),
    ...(options.hubToken ? { tokens: { huggingFace: options.hubToken } } : {}),
    onProgress: ({ totalSize, downloadedSize }) =>
      options.onProgress(totalSize > 0 ? downloadedSize / totalSize : 0, downloadedSize, totalSize),
  });
}
