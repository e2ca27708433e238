import fp from 'fastify-plugin';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { LatencyWindow } from '../../lib/latency-window.ts';
import { trackModelWork, type ModelWork } from '../../translation/model-work.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus registry every service adds its metrics to; served at /metrics. */
    metrics: Registry;
    /** Response times of the last translations the model answered (no echoes, no cache hits), for /status. */
    recentTranslations: LatencyWindow;
  }
}

/** The requests whose response time /status reports: one text translated. */
const TRANSLATE_ROUTE = '/api/v1/translate';

/** Prometheus metrics: process defaults plus request durations by route and status. */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'sema_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    app.decorate('recentTranslations', new LatencyWindow());
    const modelWork = new WeakMap<object, ModelWork>();
    // The rest of the request runs inside this context, so the pipeline can note that the model worked.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.url !== TRANSLATE_ROUTE) return done();
      const record: ModelWork = { translated: false };
      modelWork.set(request, record);
      trackModelWork(record, done);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const worked = modelWork.get(request)?.translated ?? false;
      if (request.routeOptions.url === TRANSLATE_ROUTE && reply.statusCode === 200 && worked) {
        app.recentTranslations.record(reply.elapsedTime);
      }
      duration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
    app.get(
      '/metrics',
      { config: { policy: 'operator' }, schema: { hide: true } },
      async (_request, reply) => {
        reply.type(registry.contentType);
        return registry.metrics();
      },
    );
  },
  { name: 'metrics' },
);
