/** Every model family the built-in engine runs, and which one a model's files belong to. */
import { m2m100Family, small100Family } from './m2m100.ts';
import { marianFamily } from './marian.ts';
import type { ModelDescriptor, ModelFamily } from './model-family.ts';
import { nllbFamily } from './nllb.ts';

export const FAMILIES: readonly ModelFamily[] = [nllbFamily, m2m100Family, small100Family, marianFamily];

/** The family of a model, from its config.json and tokenizer_config.json; throws naming what it found. */
export function detectFamily(model: ModelDescriptor): ModelFamily {
  const family = FAMILIES.find((candidate) => candidate.detect(model));
  if (family) return family;
  const type = model.config.model_type ?? 'none';
  const tokenizer = model.tokenizerConfig.tokenizer_class ?? model.config.tokenizer_class ?? 'none';
  throw new Error(
    `Unsupported model family: config.json model_type '${type}' with tokenizer '${tokenizer}' (supported: NLLB-200, M2M-100 and SMaLL-100 — model_type m2m_100 —, and OPUS-MT — model_type marian)`,
  );
}
