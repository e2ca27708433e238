/** The paths of the LibreTranslate-compatible API, at the server's root. */
const LIBRETRANSLATE_PATHS = [
  '/translate',
  '/detect',
  '/languages',
  '/frontend/settings',
  '/translate_file',
  '/suggest',
];

/** The DeepL-compatible API's paths under /v2 (the rest of /v2 is kept free for other protocols). */
const DEEPL_PREFIXES = ['/v2/translate', '/v2/languages', '/v2/usage', '/v2/glossar', '/v2/document'];

/** OpenAI's chat API under /v1 (the OpenAI-compatible surface). */
const OPENAI_PREFIXES = ['/v1/chat/completions', '/v1/models'];

/** A path of a compatibility API (answered with JSON, open to any origin, rate-limited like /api). */
export function isCompatPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return (
    LIBRETRANSLATE_PATHS.includes(path) ||
    OPENAI_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
    path.startsWith('/download_file/') ||
    DEEPL_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

/**
 * The Open Inference Protocol's paths under /v2 (inference mode): the server's metadata, health
 * and models. None is DeepL's; inference nodes are called by servers, so they are not rate-limited.
 */
function isInferencePath(path: string): boolean {
  return (
    path === '/v2' ||
    path.startsWith('/v2/health/') ||
    path === '/v2/models' ||
    path.startsWith('/v2/models/')
  );
}

/** Paths the server answers itself (APIs, status, metrics), never with the web app's pages. */
export function isApiPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/status') ||
    url.startsWith('/metrics') ||
    isCompatPath(url) ||
    isInferencePath(url.split('?')[0]!)
  );
}
