import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.ts';
import { fallbackStore } from '../../lib/rate-limit-store.ts';
import { throttledWarning } from '../../lib/throttled-warning.ts';
import { policyOf } from '../../lib/http/route-policy.ts';

/**
 * An optional per-IP limit on the API (SEMA_RATE_LIMIT); off by default. With REDIS_URL the counters
 * live in Redis, so every process behind a load balancer spends the same budget; while Redis is
 * away each process counts on its own (the limit holds per process), and Redis counts again as soon
 * as it answers.
 */
export default fp(
  async (app) => {
    const limit = app.config.rateLimit;
    if (!limit) return;
    const warn = throttledWarning(app.log);
    await app.register(rateLimit, {
      // Every route gets the hook; a route's declared policy says whether it counts (the web app's
      // files, the probes, inference and the operator's routes never do).
      global: true,
      allowList: (request) => !policyOf(request).rateLimit,
      store: fallbackStore({
        redis: app.redis.client,
        prefix: 'sema:rate-limit:',
        onRedisError: (error) =>
          warn({ err: error }, 'Redis could not count a request: this process counts on its own meanwhile'),
      }),
      max: limit.max,
      timeWindow: limit.windowMs,
      errorResponseBuilder: (_request, context) =>
        new ApiError(
          429,
          'RATE_LIMITED',
          `Rate limit exceeded: ${limit.raw} per IP address. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
          {
            'Retry-After': String(Math.ceil(context.ttl / 1000)),
          },
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
