/**
 * The HTTP contract of /api/v1: one TypeBox schema per request and response. The server validates
 * with them and generates its OpenAPI document from them; the web app takes its types from them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { GLOSSARY_LIMITS } from './glossaries.ts';
import { SESSION_HEADER } from './headers.ts';
import {
  DETECT_RESPONSE_EXAMPLE,
  LANGUAGES_RESPONSE_EXAMPLE,
  TRANSLATE_RESPONSE_EXAMPLE,
} from './examples.ts';

const languageCodeDescription =
  'NLLB-200 language code, script-tagged (e.g. eng_Latn, swh_Latn, cmn_Hans), or a BCP 47 / ISO 639 code (sw, sw-KE, zh-Hant, pt-BR); answers use NLLB codes';

export const ErrorResponse = Type.Object(
  {
    detail: Type.String({ description: 'A readable message' }),
    code: Type.String({ description: 'A machine-readable error code' }),
  },
  { $id: 'ErrorResponse', description: 'Every error has this shape' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

export const Language = Type.Object(
  {
    name: Type.String({ examples: ['Swahili'] }),
    native_name: Type.String({ examples: ['Kiswahili'] }),
    region: Type.String({ examples: ['Africa'] }),
    script: Type.String({ examples: ['Latn'] }),
  },
  { $id: 'Language' },
);
export type Language = Static<typeof Language>;

export const LanguageWithCode = Type.Composite([Type.Object({ code: Type.String() }), Language], {
  $id: 'LanguageWithCode',
});
export type LanguageWithCode = Static<typeof LanguageWithCode>;

export const LanguagesResponse = Type.Object(
  {
    languages: Type.Record(Type.String(), Language, { description: 'Languages keyed by code' }),
    total_count: Type.Integer(),
    targets_of: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description:
          'Present when not every language goes into every other (a server with pair models, or a one-pair model): for each language that does not, the target codes it reaches (none: it is only translated into). A language that is no key goes into every other',
      }),
    ),
    version: Type.Optional(
      Type.String({
        description:
          "The whole list's fingerprint (GET /api/v1/languages only; also its ETag): /api/v1/status gives the current one as `languages_version`, so a client keeping the list can tell when the server's models or languages changed",
      }),
    ),
  },
  {
    $id: 'LanguagesResponse',
    examples: [LANGUAGES_RESPONSE_EXAMPLE],
  },
);
export type LanguagesResponse = Static<typeof LanguagesResponse>;

/** Terms with fixed translations for this request: `term → translation` (a term mapped to itself is kept as it is). */
export const Glossary = Type.Record(Type.String(), Type.String(), {
  description: `Terms with fixed translations, e.g. {"village": "kijiji", "Sema": "Sema"}: each term found (whole words, any case) is kept away from the model and replaced by its translation; map a term to itself to keep it untranslated. At most ${GLOSSARY_LIMITS.requestTerms} terms.`,
});

/** A stored glossary (see /api/v1/glossaries) for the request's language pair. */
export const GlossaryId = Type.String({
  description:
    "The id of a stored glossary (POST /api/v1/glossaries) for this language pair; its entries apply with the request's own glossary, which wins for the same term",
});

/** The most `alternatives` one request may ask for: each one widens a beam search. */
export const MAX_ALTERNATIVES = 3;

/** How the text is written: plain text, or markup whose tags are kept. */
export const TextFormat = Type.Union([Type.Literal('text'), Type.Literal('html'), Type.Literal('xml')], {
  description:
    'text (the default), or html / xml: only the text between tags is translated (and alt/title in HTML); tags, attributes, entities, comments, code, script and style come back as they were, and elements with translate="no" or class="notranslate" are left untranslated',
});

export const TranslateRequest = Type.Object(
  {
    text: Type.String({
      description: 'The text to translate (up to the server limit, 5,000 characters by default)',
    }),
    target_language: Type.String({ description: languageCodeDescription }),
    source_language: Type.Optional(
      Type.String({
        description: `${languageCodeDescription}, or auto (default) to detect it`,
        default: 'auto',
      }),
    ),
    glossary: Type.Optional(Glossary),
    glossary_id: Type.Optional(GlossaryId),
    format: Type.Optional(TextFormat),
    alternatives: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_ALTERNATIVES,
        description: `How many other translations to add, from the model's n-best list (0 to ${MAX_ALTERNATIVES}; plain text only; each costs a beam search)`,
      }),
    ),
  },
  {
    $id: 'TranslateRequest',
    examples: [{ text: 'Hello, how are you?', source_language: 'eng_Latn', target_language: 'swh_Latn' }],
  },
);
export type TranslateRequest = Static<typeof TranslateRequest>;

/** The languages a translation went between, as every translation answer gives them. */
export const TRANSLATED_PAIR_FIELDS = {
  source_language: Type.String({
    description: 'The source language; the detected one when auto was asked',
  }),
  target_language: Type.String(),
};

/** How long the server worked on a request, as every translation answer gives it. */
export const ProcessingTime = Type.Number({ description: 'Seconds spent on the server' });

export const TranslateResponse = Type.Object(
  {
    translated_text: Type.String(),
    ...TRANSLATED_PAIR_FIELDS,
    confidence_score: Type.Number({ description: 'Detection confidence when auto, else 1' }),
    processing_time: ProcessingTime,
    alternatives: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Other translations, best first, when asked for (fewer when the model finds fewer)',
      }),
    ),
  },
  {
    $id: 'TranslateResponse',
    examples: [TRANSLATE_RESPONSE_EXAMPLE],
  },
);
export type TranslateResponse = Static<typeof TranslateResponse>;

export const BatchTranslateRequest = Type.Object(
  {
    texts: Type.Array(Type.String(), { description: 'Texts to translate' }),
    target_language: Type.String({ description: languageCodeDescription }),
    source_language: Type.Optional(
      Type.String({ description: `${languageCodeDescription}, or auto`, default: 'auto' }),
    ),
    glossary: Type.Optional(Glossary),
    glossary_id: Type.Optional(GlossaryId),
    format: Type.Optional(TextFormat),
  },
  {
    $id: 'BatchTranslateRequest',
    examples: [{ texts: ['Good morning.', 'Thank you!'], target_language: 'fra_Latn' }],
  },
);
export type BatchTranslateRequest = Static<typeof BatchTranslateRequest>;

export const BatchTranslateResponse = Type.Object(
  { translations: Type.Array(TranslateResponse) },
  { $id: 'BatchTranslateResponse' },
);
export type BatchTranslateResponse = Static<typeof BatchTranslateResponse>;

export const DetectRequest = Type.Object(
  { text: Type.String({ description: 'The text whose language is wanted' }) },
  { $id: 'DetectRequest', examples: [{ text: 'Habari za asubuhi, rafiki yangu.' }] },
);
export type DetectRequest = Static<typeof DetectRequest>;

export const DetectionAlternative = Type.Object({ language: Type.String(), confidence: Type.Number() });
export type DetectionAlternative = Static<typeof DetectionAlternative>;

export const DetectResponse = Type.Object(
  {
    detected_language: Type.String(),
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    alternatives: Type.Array(DetectionAlternative, { description: 'Next most likely languages, best first' }),
    language_name: Type.String(),
    native_name: Type.String(),
  },
  {
    $id: 'DetectResponse',
    examples: [DETECT_RESPONSE_EXAMPLE],
  },
);
export type DetectResponse = Static<typeof DetectResponse>;

export const EngineState = Type.Union([
  Type.Literal('loading'),
  Type.Literal('ready'),
  Type.Literal('error'),
  Type.Literal('disabled'),
]);

/** What an engine (and, on a server with pair models, each of its models) says of itself. */
const ENGINE_STATUS_FIELDS = {
  state: EngineState,
  model: Type.Optional(Type.String()),
  model_id: Type.Optional(
    Type.String({
      description:
        'Exactly which model translates (name or content fingerprint, weights variant, decoding); servers whose translation engines report the same model_id share cached translations',
    }),
  ),
  model_license: Type.Optional(
    Type.String({
      description:
        "The license of the model's weights (SPDX id), when known: NLLB-200's published weights are CC-BY-NC-4.0 (non-commercial use only), M2M-100's and SMaLL-100's MIT, OPUS-MT's CC-BY-4.0 (attribution)",
      examples: ['CC-BY-NC-4.0'],
    }),
  ),
  model_source: Type.Optional(
    Type.String({ description: 'Where the model comes from, as configured: a hub id or a folder' }),
  ),
  model_family: Type.Optional(
    Type.Union(
      [Type.Literal('nllb'), Type.Literal('m2m100'), Type.Literal('small100'), Type.Literal('marian')],
      { description: "The model's family, told from its files once it has loaded" },
    ),
  ),
  model_family_name: Type.Optional(
    Type.String({ examples: ['NLLB-200', 'M2M-100', 'SMaLL-100', 'OPUS-MT'] }),
  ),
  model_license_terms: Type.Optional(
    Type.String({
      description: 'What the licence allows, in a few words',
      examples: ['non-commercial use only'],
    }),
  ),
  model_license_url: Type.Optional(Type.String({ description: 'The licence text' })),
  languages: Type.Optional(
    Type.Integer({ description: 'How many catalogue languages the model translates from or into' }),
  ),
  progress: Type.Optional(Type.Number({ description: 'Download or load progress, 0 to 1' })),
  detail: Type.Optional(Type.String({ description: 'Why the engine is not ready' })),
  next_attempt_at: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'When an engine whose model failed to load tries again (it keeps trying, less often)',
    }),
  ),
  provider: Type.Optional(Type.String()),
  engine_features: Type.Optional(
    Type.Record(
      Type.String(),
      Type.Object({
        on: Type.Boolean(),
        why: Type.Optional(Type.String({ description: 'Why it is off' })),
        fallback: Type.Optional(
          Type.Boolean({
            description:
              'Off because something failed (a copy of a model file that did not open or could not be written), not by a setting or the kind of model: the server logged it once',
          }),
        ),
      }),
      {
        description:
          "The built-in engine's speed-ups (operator only): int8_weights, picks_in_decoder, new_keys_values_only, prepacked_weights, compact_tokenizer; each on, or off and why",
      },
    ),
  ),
};

/** One direction of the published quality table, as this server serves it (`quality` below). */
export const PairQuality = Type.Object(
  {
    pair: Type.String({ description: 'SOURCE-TARGET in catalogue codes', examples: ['eng_Latn-som_Latn'] }),
    models: Type.Array(Type.String(), {
      description: 'The model that translates it, or the two models of a route through English',
    }),
    chrf: Type.Optional(
      Type.Number({
        description:
          "The model's published chrF++ on FLORES-200 devtest (Helsinki-NLP's MT leaderboards); absent when none is published",
      }),
    ),
    chrf_basis: Type.Optional(
      Type.String({
        description:
          'For an OPUS-MT model: the figure is the best published OPUS-MT release for the direction, which an older release may not reach',
      }),
    ),
    quality: Type.Union(
      [
        Type.Literal('good'),
        Type.Literal('usable'),
        Type.Literal('rough'),
        Type.Literal('poor'),
        Type.Literal('unknown'),
      ],
      {
        description:
          'The figure in a word: good ≥ 50, usable 40–50, rough 30–40, poor < 30; unknown: no published figure',
      },
    ),
    words: Type.String({ description: 'What the band means for a reader' }),
    why: Type.String({ description: 'Why this model translates the pair' }),
    best_published: Type.Optional(
      Type.Object(
        { chrf: Type.Number(), model: Type.String() },
        { description: 'The best figure published for the direction, of any licence' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PairQuality = Static<typeof PairQuality>;

export const ModelStatus = Type.Object(
  {
    ...ENGINE_STATUS_FIELDS,
    role: Type.Union([Type.Literal('main'), Type.Literal('pair')], {
      description: 'main: translates every pair no pair model serves; pair: configured for `pairs`',
    }),
    pairs: Type.Optional(
      Type.Array(Type.String(), {
        description: 'The pairs a pair model translates, SOURCE-TARGET in catalogue codes',
        examples: [['eng_Latn-fra_Latn']],
      }),
    ),
    sentences: Type.Integer({ description: 'Sentences it translated since the server started' }),
    allowed: Type.Optional(
      Type.Boolean({
        description:
          'False when the licence setting (SEMA_MODEL_LICENCES=commercial) forbids the model: it translates nothing',
      }),
    ),
  },
  { additionalProperties: true },
);
export type ModelStatus = Static<typeof ModelStatus>;

export const EngineStatus = Type.Object(
  {
    ...ENGINE_STATUS_FIELDS,
    models: Type.Optional(
      Type.Array(ModelStatus, {
        description:
          "A server with pair models (SEMA_PAIR_MODELS): every model, main first, with the pairs it serves and its licence. The fields above are then the main model's, and `state` the least ready model's",
      }),
    ),
    pivot: Type.Optional(
      Type.Boolean({
        description:
          'Whether pairs without a model go through English (SEMA_PIVOT); such a pair is covered by the licences of both its models',
      }),
    ),
    model_licences: Type.Optional(
      Type.Union([Type.Literal('any'), Type.Literal('commercial')], {
        description:
          'Which licences the server may use (SEMA_MODEL_LICENCES): commercial leaves non-commercial models out',
      }),
    ),
    quality: Type.Optional(
      Type.Array(PairQuality, {
        description:
          'Every direction of the published quality table this server serves: which model translates it, its published chrF++ and why',
      }),
    ),
    quality_warnings: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'A server that must be commercial: pairs served at least 10 chrF++ below the best published commercially usable model, with what would serve them better',
      }),
    ),
  },
  { additionalProperties: true },
);
export type EngineStatus = Static<typeof EngineStatus>;

export const RedisStatus = Type.Object(
  {
    state: Type.Union([
      Type.Literal('off'),
      Type.Literal('connecting'),
      Type.Literal('ready'),
      Type.Literal('unavailable'),
    ]),
    detail: Type.Optional(Type.String({ description: 'Why it is off or not ready' })),
  },
  {
    additionalProperties: true,
    description:
      'Redis (REDIS_URL), where server processes share the translation cache and rate-limit counters',
  },
);
export type RedisStatus = Static<typeof RedisStatus>;

export const ProbeResponse = Type.Object(
  { status: Type.Union([Type.Literal('alive'), Type.Literal('ready')]) },
  { description: 'A probe that passed; a failing one answers 503 with the usual error body' },
);
export type ProbeResponse = Static<typeof ProbeResponse>;

export const DataHandling = Type.Object(
  {
    translation: Type.Union([Type.Literal('this_server'), Type.Literal('other_servers')], {
      description:
        'this_server: the model runs on this server; other_servers: texts are sent to the inference servers it is configured with',
    }),
    chat: Type.Union([Type.Literal('this_server'), Type.Literal('external_provider'), Type.Literal('off')], {
      description:
        'this_server: a local model answers; external_provider: chat messages go to the configured OpenAI-compatible endpoint; off: no chat',
    }),
  },
  { description: "Where texts go to be translated and answered, from this server's configuration" },
);
export type DataHandling = Static<typeof DataHandling>;

export const StatusResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('healthy'), Type.Literal('degraded'), Type.Literal('starting')]),
    version: Type.String(),
    uptime_seconds: Type.Number(),
    timestamp: Type.String({ format: 'date-time' }),
    engines: Type.Object({ translation: EngineStatus, detection: EngineStatus, chat: EngineStatus }),
    redis: Type.Optional(RedisStatus),
    data_handling: Type.Optional(DataHandling),
    api_key_required: Type.Optional(
      Type.Boolean({
        description: 'Whether API requests need a key (SEMA_API_KEYS or SEMA_API_KEYS_FILE is set)',
      }),
    ),
    languages_version: Type.Optional(
      Type.String({
        description:
          "The `version` of the language list GET /api/v1/languages gives now: a kept list with another version is out of date (the server's models or languages changed)",
      }),
    ),
    web_access: Type.Optional(
      Type.Union(
        [
          Type.Object({ mode: Type.Literal('open') }),
          Type.Object({ mode: Type.Literal('key') }),
          Type.Object({
            mode: Type.Literal('session'),
            monthly_chars: Type.Integer({
              description: 'What one client address may translate a month without a key',
            }),
          }),
        ],
        {
          description:
            "How this server's web app gets in: open (no keys on this server), key (a visitor needs an API key; the web app keeps it on the device) or session (keys are on, and each client address has a keyless monthly allowance: SEMA_WEB_ACCESS=session)",
        },
      ),
    ),
    response_times: Type.Optional(
      Type.Object({
        translate: Type.Union([
          Type.Object({
            samples: Type.Integer({
              description:
                'How many recent translations the model did these figures cover (echoes and cached answers are left out)',
            }),
            median_ms: Type.Integer(),
            p95_ms: Type.Integer({ description: '95 % of them were answered within this time' }),
          }),
          Type.Null(),
        ]),
      }),
    ),
    limits: Type.Object(
      {
        max_text_chars: Type.Integer(),
        rate_limit: Type.Union([Type.String(), Type.Null()], {
          description: 'Per-IP limit, e.g. 60/minute, or null',
        }),
        max_document_bytes: Type.Optional(Type.Integer({ description: 'Largest document upload, in bytes' })),
        max_document_chars: Type.Optional(
          Type.Integer({ description: 'Most characters of text in one document' }),
        ),
      },
      { additionalProperties: true },
    ),
  },
  { $id: 'StatusResponse' },
);
export type StatusResponse = Static<typeof StatusResponse>;

export { SESSION_HEADER };

export const SessionResponse = Type.Object(
  {
    token: Type.Union([Type.String(), Type.Null()], {
      description: `A short-lived token to send as ${SESSION_HEADER} instead of an API key; null when none is needed or none is given`,
    }),
    expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    key_required: Type.Boolean({
      description: 'True when this server wants a real API key from the web app too (no session tokens)',
    }),
  },
  { $id: 'SessionResponse' },
);
export type SessionResponse = Static<typeof SessionResponse>;
