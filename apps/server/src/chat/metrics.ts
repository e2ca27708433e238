/** The chat service's Prometheus metrics (served at /metrics). */
import { Counter, Histogram, type Registry } from 'prom-client';

export interface ChatMetrics {
  /** Finished chat requests by provider and outcome (`ok`, `stopped`, or the error code). */
  requests: Counter<'provider' | 'outcome'>;
  tokens: Counter<'provider'>;
  /** Seconds until the first reasoning or answer text: what a user waits before seeing anything. */
  firstEventSeconds: Histogram<'provider'>;
}

export function createChatMetrics(registry: Registry): ChatMetrics {
  const registers = [registry];
  return {
    requests: new Counter({
      name: 'sema_chat_requests_total',
      help: 'Chat requests by provider and outcome',
      labelNames: ['provider', 'outcome'],
      registers,
    }),
    tokens: new Counter({
      name: 'sema_chat_tokens_total',
      help: 'Tokens used, as reported by the provider',
      labelNames: ['provider'],
      registers,
    }),
    firstEventSeconds: new Histogram({
      name: 'sema_chat_first_event_seconds',
      help: 'Time to the first streamed reasoning or answer text',
      labelNames: ['provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    }),
  };
}
