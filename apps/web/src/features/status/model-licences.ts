import type { EngineStatus, StatusResponse } from '@sema/shared/api/schemas';

/** One translation model of this server, as the About page tells it. */
export interface ModelLicence {
  /** The model's name and family, e.g. `opus-mt-en-fr (OPUS-MT)`. */
  model: string;
  /** Which pairs it translates, in words. */
  serves: string;
  /** SPDX id, e.g. `CC-BY-4.0`. */
  licence: string;
  terms: string | undefined;
  url: string | undefined;
}

/** `eng_Latn-fra_Latn` → `English → French`, with the page's language names. */
type NameOf = (code: string) => string;

function entry(model: EngineStatus, serves: string): ModelLicence | undefined {
  if (!model.model_license) return undefined;
  const family = model.model_family_name ? ` (${model.model_family_name})` : '';
  return {
    model: `${model.model ?? 'Translation model'}${family}`,
    serves,
    licence: model.model_license,
    terms: model.model_license_terms,
    url: model.model_license_url,
  };
}

/**
 * Which licence covers which pairs on this server, from its status: every model with its pairs (a
 * server with pair models), or the one model for every pair; empty while the server does not say.
 */
export function modelLicences(status: StatusResponse | undefined, nameOf: NameOf): ModelLicence[] {
  const translation = status?.engines.translation;
  if (!translation) return [];
  if (!translation.models)
    return [entry(translation, 'every language pair')].filter((item) => item !== undefined);
  return translation.models
    .map((model) => {
      const pairs = (model.pairs ?? []).map((pair) => {
        const [source = '', target = ''] = pair.split('-');
        return `${nameOf(source)} → ${nameOf(target)}`;
      });
      // With the pivot, a pair whose two pair models meet in English goes through them, not the main model.
      const main = translation.pivot
        ? 'every other pair, but those that two pair models reach through English'
        : 'every other pair';
      // Under SEMA_MODEL_LICENCES=commercial a non-commercial model is configured but never used.
      if (model.allowed === false)
        return entry(model, 'nothing: this server uses only commercially licensed models');
      return entry(model, model.role === 'main' ? main : pairs.join(', '));
    })
    .filter((item) => item !== undefined);
}

/**
 * The main translation model as the About page names it. Until the server says otherwise (and on
 * the default server) it is NLLB-200 with the catalogue's 202 languages, whose non-commercial licence
 * the page must state; a server configured with another family is described as it is.
 */
export function mainTranslationModel(status: StatusResponse | undefined): {
  name: string;
  languages: number;
  isNllb: boolean;
} {
  const translation = status?.engines.translation;
  const main = translation?.models?.find((model) => model.role === 'main') ?? translation;
  const name = main?.model_family_name ?? 'NLLB-200';
  return { name, languages: main?.languages ?? 202, isNllb: name === 'NLLB-200' };
}
