import { plainServer } from './plain-server.ts';

/**
 * Another "Sema server" for the remote engine (SEMA_TRANSLATION_URL) that is ready but never
 * answers a translation (`hold`: a document sent through it stays in progress until its request is
 * aborted), or refuses every one as a client error (`refuse`: 400, not retried elsewhere). For tests
 * of what happens to work still running (a shutdown, a client leaving) or failing after it started.
 */
export async function startSlowRemoteEngine(mode: 'hold' | 'refuse' = 'hold'): Promise<{
  url: string;
  /** The settings that make a Sema server translate through this engine. */
  settings: { SEMA_TRANSLATION_ENGINE: 'remote'; SEMA_TRANSLATION_URL: string };
  /** Resolves once `count` translation calls have arrived (and are being held). */
  calls(count: number): Promise<void>;
  /** Translation calls so far. */
  received(): number;
  close(): Promise<void>;
}> {
  let received = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = await plainServer((request, response) => {
    if (request.url === '/status') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ engines: { translation: { state: 'ready', model: 'slow', model_id: 'slow' } } }),
      );
      return;
    }
    // A translation: held until the caller gives up, or refused.
    request.resume();
    received++;
    if (mode === 'refuse') {
      response.statusCode = 400;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ detail: 'This text cannot be translated here', code: 'VALIDATION_ERROR' }),
      );
    }
    for (const wait of waiting.filter((item) => received >= item.count)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const { url } = server;
  return {
    url,
    settings: { SEMA_TRANSLATION_ENGINE: 'remote', SEMA_TRANSLATION_URL: url },
    received: () => received,
    calls: (count) =>
      received >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve })),
    close: () => server.close(),
  };
}
