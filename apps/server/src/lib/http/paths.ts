/** The paths of the LibreTranslate-compatible API, at the server's root. */
const LIBRETRANSLATE_PATHS = [
  '/translate',
  '/detect',
  '/languages',
  '/frontend/settings',
  '/translate_file',
  '/suggest',
];

/** A path of a compatibility API (answered with JSON, open to any origin, rate-limited like /api). */
export function isCompatPath(url: string): boolean {
  const path = url.split('?')[0]!;
  return LIBRETRANSLATE_PATHS.includes(path) || path.startsWith('/download_file/');
}

/** Paths the server answers itself (APIs, status, metrics), never with the web app's pages. */
export function isApiPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/status') ||
    url.startsWith('/metrics') ||
    isCompatPath(url)
  );
}
