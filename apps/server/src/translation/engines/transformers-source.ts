/**
 * Points transformers.js at a model source: a folder (nothing fetched) or a hub and its cache
 * folder. Shared by whatever loads model files through transformers.js (the NLLB model in its
 * process, the tokenizers).
 */
import { env } from '@huggingface/transformers';
import type { ModelSource } from './model-source.ts';

/** Sets transformers.js up for `source`; returns what to pass its `from_pretrained`. */
export function useSource(source: ModelSource): string {
  env.allowLocalModels = true;
  env.useFSCache = true;
  if (source.kind === 'folder') {
    env.allowRemoteModels = false;
    return source.path;
  }
  env.allowRemoteModels = true;
  env.remoteHost = source.hub;
  env.cacheDir = source.cacheDir;
  // A model copied by hand into the cache folder is found there too.
  env.localModelPath = source.cacheDir;
  return source.id;
}
