import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, ProbeResponse } from '@sema/shared/api/schemas';
import type { EngineStatus } from '@sema/shared/api/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.ts';

/** Why this node should get no requests at all now, or undefined when it can serve them. */
export function notServingReason(app: FastifyInstance): ApiError | undefined {
  if (app.stopping || app.draining) {
    return new ApiError(503, 'SHUTTING_DOWN', 'This server is shutting down', { 'Retry-After': '1' });
  }
  for (const check of app.storeHealth.values()) {
    const problem = check();
    if (problem) return new ApiError(503, 'NOT_READY', problem, { 'Retry-After': '10' });
  }
  return undefined;
}

/** The engine's state as a sentence: "The translation model is loading (42%)". */
function engineSentence(name: 'translation' | 'detection', engine: EngineStatus): string {
  const what = name === 'translation' ? 'The translation model' : 'The language detection model';
  const why = engine.detail ? `: ${engine.detail}` : '';
  if (engine.state === 'loading') {
    const progress = engine.progress === undefined ? '' : ` (${Math.floor(engine.progress * 100)}%)`;
    return `${what} is loading${progress}${why}`;
  }
  return `${what} is not available${why}`;
}

/** Why this node cannot translate now (its models are loading or failed, or it cannot serve at all). */
export function notTranslatingReason(app: FastifyInstance): ApiError | undefined {
  const serving = notServingReason(app);
  if (serving) return serving;
  for (const name of ['translation', 'detection'] as const) {
    const engine = app.engineStatus.get(name)?.();
    if (!engine || engine.state === 'ready' || engine.state === 'disabled') continue;
    // Detection falls back to a smaller model when its own cannot be read: only loading holds it back.
    if (name === 'detection' && engine.state !== 'loading') continue;
    return new ApiError(503, 'NOT_READY', engineSentence(name, engine), {
      'Retry-After': engine.state === 'loading' ? '5' : '30',
    });
  }
  return undefined;
}

/**
 * Probes for load balancers and orchestrators, whose status code says it all:
 * - `/livez` answers 200 while the process serves requests (restart it if not);
 * - `/readyz` answers 200 while this node should get traffic: it serves the web app, `/status`, the
 *   language lists and every API, and a translation that must wait for the model gets a 503 saying
 *   why. 503 while the node drains on shutdown, or while a store it writes to (SQLite) is not writable;
 * - `/readyz/translation` answers 200 only when translation can run now as well (the models are
 *   loaded): for balancers that prefer such nodes, for tests and scripts that wait for the model.
 * All are cheap and never rate-limited; a failing probe is a warning in the log. `/status` stays the
 * page for people.
 */
const probes: FastifyPluginAsyncTypebox = async (app) => {
  const options = (summary: string, description: string) => ({
    config: { policy: 'probe' as const },
    schema: {
      tags: ['status'],
      summary,
      description,
      response: { 200: ProbeResponse, 503: ErrorResponse },
    },
  });

  app.get(
    '/livez',
    options('Liveness', 'Always 200 while the process answers requests.'),
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'alive' as const };
    },
  );

  /** A readiness probe: 200 `ready`, or 503 with the reason `notReady` gives. */
  const readiness = (
    url: string,
    summary: string,
    description: string,
    notReady: (app: FastifyInstance) => ApiError | undefined,
  ) =>
    app.get(url, options(summary, description), async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reason = notReady(app);
      if (reason) throw reason;
      return { status: 'ready' as const };
    });

  readiness(
    '/readyz',
    'Readiness: route traffic here',
    '200 while this server serves requests, its translation model loaded or not (a translation that must wait is answered 503 with the reason); 503 with the reason while it shuts down or cannot write to its stores.',
    notServingReason,
  );
  readiness(
    '/readyz/translation',
    'Readiness to translate now',
    '200 when this server can translate now (its models are loaded); 503 with the reason while a model loads or failed, and whenever /readyz fails.',
    notTranslatingReason,
  );
};

export default probes;
