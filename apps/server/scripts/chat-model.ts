/**
 * The local chat model (`SEMA_CHAT_LOCAL_MODEL`, a GGUF file) as `npm run models` manages it beside
 * the translation models: where it is, pulled through the same downloader the server uses
 * (`chat/local-model-file.ts`, into `<model cache>/chat`), its size and SHA-256 recorded and
 * verified like a translation model's files, and carried in a bundle to a server with no hub.
 * A GGUF path of the operator's own is listed and verified, never downloaded, bundled or removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { resolveModelFile as ResolveModelFile } from 'node-llama-cpp';
import { isModelUri } from '../src/config/parsers.ts';
import type { Config } from '../src/config/schema.ts';
import { downloadedModel, resolveLocalModel } from '../src/chat/local-model-file.ts';
import { DownloadProgress } from '../src/lib/download-progress.ts';
import {
  forgetManifest,
  recordManifest,
  type ConfiguredModel,
} from '../src/translation/engines/model-inventory.ts';

export const CHAT_ROLE = 'local chat model (SEMA_CHAT_LOCAL_MODEL)';
/** The folder of the model cache a downloaded chat model goes to (as chat/registry.ts sets it). */
export const CHAT_FOLDER = 'chat';

/** Every GGUF file starts with these four bytes. */
const GGUF_MAGIC = 'GGUF';

export interface ChatModel {
  /** As configured: a hub URI, a URL or a path. */
  source: string;
  /** Whether it is downloaded (a URI) or the operator's own file (a path). */
  downloaded: boolean;
  /** Where a download goes. */
  folder: string;
  /** A hub token for gated models. */
  hubToken?: string;
}

/** The chat model this configuration runs, or undefined when it runs none locally. */
export function configuredChatModel(config: Config): ChatModel | undefined {
  if (config.chat.provider !== 'local') return undefined;
  const source = config.chat.localModel;
  return {
    source,
    downloaded: isModelUri(source),
    folder: path.join(config.models.cache, CHAT_FOLDER),
    ...(config.chat.apiKey && { hubToken: config.chat.apiKey }),
  };
}

async function llamaCpp(): Promise<{ resolveModelFile: typeof ResolveModelFile }> {
  try {
    return await import('node-llama-cpp');
  } catch {
    throw new Error('the optional package node-llama-cpp is not installed, so no local chat model can run');
  }
}

/** Its file on disk, or undefined when it is not there (a URI not pulled yet, a path that is missing). */
export async function chatModelFile(model: ChatModel): Promise<string | undefined> {
  if (!model.downloaded) return fs.existsSync(model.source) ? model.source : undefined;
  return downloadedModel(model.source, (await llamaCpp()).resolveModelFile, model.folder);
}

/** The file as the translation models' checks see one: a folder and the file in it. */
export function asConfiguredModel(model: ChatModel, file: string): ConfiguredModel {
  return {
    role: CHAT_ROLE,
    name: model.source,
    source: { kind: 'folder', path: path.dirname(file), label: model.source },
    use: 'full',
    files: [path.basename(file)],
    dtype: 'gguf',
  };
}

/** Downloads it when missing, checks it is a GGUF file, and records its checksum. */
export async function pullChatModel(
  model: ChatModel,
  hubUrl: string | undefined,
  output: NodeJS.WriteStream,
): Promise<{ file: string; fetched: boolean }> {
  const before = await chatModelFile(model);
  if (!model.downloaded && !before) throw new Error(`the file ${model.source} does not exist`);
  const progress = new DownloadProgress(model.source, output);
  const file =
    before ??
    (await resolveLocalModel(model.source, (await llamaCpp()).resolveModelFile, {
      directory: model.folder,
      ...(hubUrl !== undefined && { hubEndpoint: hubUrl }),
      ...(model.hubToken && { hubToken: model.hubToken }),
      onProgress: (_fraction, loaded, total) => progress.update(path.basename(model.source), loaded, total),
    }).finally(() => progress.finish()));
  const magic = Buffer.alloc(4);
  const handle = fs.openSync(file, 'r');
  try {
    fs.readSync(handle, magic, 0, 4, 0);
  } finally {
    fs.closeSync(handle);
  }
  if (magic.toString('latin1') !== GGUF_MAGIC) throw new Error(`${file} is not a GGUF file`);
  if (model.downloaded) await recordManifest(path.dirname(file), [path.basename(file)]);
  return { file, fetched: !before };
}

/** Deletes a downloaded chat model's file and its recorded checksum. */
export function removeChatModel(file: string): number {
  const bytes = fs.statSync(file).size;
  fs.rmSync(file);
  forgetManifest(path.dirname(file), [path.basename(file)]);
  return bytes;
}
