import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse, ProbeResponse } from '@sema/shared/api/schemas';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors.ts';

/** Why this server should get no traffic now, or undefined when it can serve translations. */
export function notReadyReason(app: FastifyInstance): ApiError | undefined {
  if (app.stopping || app.draining) {
    return new ApiError(503, 'SHUTTING_DOWN', 'This server is shutting down', { 'Retry-After': '1' });
  }
  for (const name of ['translation', 'detection'] as const) {
    const engine = app.engineStatus.get(name)?.();
    if (!engine || engine.state === 'ready' || engine.state === 'disabled') continue;
    // Detection falls back to a smaller model when its own cannot be read: only loading holds it back.
    if (name === 'detection' && engine.state !== 'loading') continue;
    const progress = engine.progress === undefined ? '' : ` (${Math.floor(engine.progress * 100)}%)`;
    const why = engine.detail ? `: ${engine.detail}` : '';
    return new ApiError(503, 'NOT_READY', `The ${name} engine is ${engine.state}${progress}${why}`, {
      'Retry-After': engine.state === 'loading' ? '5' : '30',
    });
  }
  return undefined;
}

/**
 * Probes for load balancers and orchestrators, whose status code says it all: `/livez` answers 200
 * while the process serves requests; `/readyz` answers 200 only when translation can run now, and
 * 503 while the model loads, after it failed, and while the server drains on shutdown. Both are
 * cheap and never rate-limited; a failing probe is a warning in the log. `/status` stays the page for people.
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

  app.get(
    '/readyz',
    options(
      'Readiness',
      '200 when this server can translate now; 503 with the reason while its model loads or failed, and while it shuts down.',
    ),
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const reason = notReadyReason(app);
      if (reason) throw reason;
      return { status: 'ready' as const };
    },
  );
};

export default probes;
