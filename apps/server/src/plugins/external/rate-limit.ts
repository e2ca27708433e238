import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/errors.ts';

/**
 * An optional per-IP limit on the API (SEMA_RATE_LIMIT); off by default. With REDIS_URL the counters
 * live in Redis, so every process behind a load balancer spends the same budget; while Redis is
 * away requests go through unlimited rather than being refused.
 */
export default fp(
  async (app) => {
    const limit = app.config.rateLimit;
    if (!limit) return;
    const redis = app.redis.client;
    await app.register(rateLimit, {
      global: false,
      ...(redis && { redis, nameSpace: 'sema:rate-limit:', skipOnError: true }),
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
    // Applied to every API route as it is added; the web app's files are never limited.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [app.rateLimit(), ...existing] as typeof route.onRequest;
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
