import type { App } from '../src/app.ts';

/**
 * A browser's CORS preflight: OPTIONS from another origin, asking whether `method` (and the
 * `headers`, when given) may follow.
 */
export function preflight(app: App, url: string, ask: { method: string; headers?: string }) {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: 'https://elsewhere.example',
      'access-control-request-method': ask.method,
      ...(ask.headers ? { 'access-control-request-headers': ask.headers } : {}),
    },
  });
}
