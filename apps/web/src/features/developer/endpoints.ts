import {
  DETECT_RESPONSE_EXAMPLE,
  LANGUAGES_RESPONSE_EXAMPLE,
  TRANSLATE_DOCUMENT_RESPONSE_EXAMPLE,
  TRANSLATE_RESPONSE_EXAMPLE,
} from '@sema/shared/api/examples';

/** The endpoints the developer page lists, with their response examples. */
export interface EndpointDoc {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  body?: string;
  example?: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export const ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'POST',
    path: '/api/v1/translate',
    summary: 'Translate text. Leave out source_language (or send auto) to detect it.',
    body: 'text (required), target_language (required), source_language (optional, default auto)',
    example: json(TRANSLATE_RESPONSE_EXAMPLE),
  },
  {
    method: 'POST',
    path: '/api/v1/translate/batch',
    summary:
      'Translate several texts into one language in one request; translations come back in the same order.',
    body: 'texts (required, a list), target_language (required), source_language (optional, default auto)',
  },
  {
    method: 'POST',
    path: '/api/v1/translate/document',
    summary:
      'Translate a whole document and get the same format back (.txt, .md, .html, .srt, .vtt, .docx, .xlsx, .pptx, .odt, .ods, .odp, .epub, .json; a .pdf comes back as Markdown). ' +
      'Send Accept: application/json for the JSON below, or Accept: text/event-stream for progress events; by default the file itself.',
    body: 'multipart form: file (required), target_language (required), source_language (optional, default auto)',
    example: json(TRANSLATE_DOCUMENT_RESPONSE_EXAMPLE),
  },
  {
    method: 'POST',
    path: '/api/v1/glossaries',
    summary:
      'Store a glossary: terms that must always be translated one way for a language pair. Pass its id as glossary_id ' +
      'to translate, batch and document requests (or send a glossary inline as glossary). ' +
      'GET lists them; GET, PUT and DELETE /api/v1/glossaries/{id} read, replace and remove one.',
    body: 'name, source_language, target_language, entries (an object of term → translation, or TSV/CSV text)',
  },
  {
    method: 'POST',
    path: '/api/v1/chat/translated',
    summary:
      "Chat in the user's own language, one request per turn: the server detects the language, asks the model in English " +
      'and translates the answer back as it streams (stream: true for server-sent events).',
    body: 'messages (required: role and content, oldest first), language (optional), stream (optional)',
  },
  {
    method: 'POST',
    path: '/api/v1/chat',
    summary:
      'Chat with the model as is, without translation: one answer as JSON, or streamed with stream: true.',
    body: 'messages (required: role and content, oldest first), max_tokens, temperature, stream (optional)',
  },
  {
    method: 'POST',
    path: '/api/v1/detect-language',
    summary: 'Detect the language of a text, with the next most likely ones.',
    body: 'text (required)',
    example: json(DETECT_RESPONSE_EXAMPLE),
  },
  {
    method: 'GET',
    path: '/api/v1/languages',
    summary: 'Every supported language, keyed by code, with its name, native name, region and script.',
    example: json(LANGUAGES_RESPONSE_EXAMPLE),
  },
  {
    method: 'GET',
    path: '/api/v1/languages/popular',
    summary: 'The most used languages, in the same shape.',
  },
  {
    method: 'GET',
    path: '/api/v1/languages/region/{region}',
    summary: 'Languages of one region: Africa, Americas, Asia, Europe or Oceania.',
  },
  {
    method: 'GET',
    path: '/api/v1/languages/search?q={query}',
    summary: 'Languages whose name, native name or code contains the query (2 characters at least).',
  },
  {
    method: 'GET',
    path: '/api/v1/status',
    summary: 'Health, version, the state of each model and the limits in force (also at /status).',
  },
];

/** The other protocols this server answers, for clients written for them. */
export const OTHER_APIS: readonly { name: string; base: string; paths: string }[] = [
  {
    name: 'LibreTranslate',
    base: '/',
    paths: '/translate, /detect, /languages, /translate_file, /frontend/settings',
  },
  {
    name: 'DeepL API v2',
    base: '/v2',
    paths: '/v2/translate, /v2/document, /v2/glossaries, /v2/languages, /v2/usage',
  },
  {
    name: 'OpenAI-compatible chat',
    base: '/v1',
    paths: '/v1/chat/completions, /v1/models',
  },
];

/** Every error has this shape, with a fitting HTTP status. */
export const ERROR_EXAMPLE = json({ detail: 'Text cannot be empty', code: 'VALIDATION_ERROR' });
