import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  KeyRing,
  keyOfRequest,
  monthOf,
  UsageCounter,
  type KeyUsage,
  type KnownKey,
} from '../../lib/api-keys.ts';
import { ApiError } from '../../lib/errors.ts';
import { throttledWarning } from '../../lib/throttled-warning.ts';

export interface ApiKeyService {
  /** True when keys are configured (and so required). */
  enabled: boolean;
  /**
   * Counts `chars` against the request's key, or refuses with 429 QUOTA_EXCEEDED when that would pass
   * its monthly limit. Nothing to do without keys, or for the server's own web app. A request that
   * then ends in an error gets its characters back: only work delivered is counted.
   */
  charge(request: FastifyRequest, chars: number): Promise<void>;
  /** Gives back what the request was charged (work that failed after its answer, a document job). */
  refund(request: FastifyRequest): Promise<void>;
  /**
   * Takes what the request was charged off it, for work that outlives the request (a document job):
   * the request's own refund no longer gives it back; `refundCharge` does, from any node.
   */
  takeCharge(request: FastifyRequest): KeyCharge | undefined;
  /** Gives back a charge taken with `takeCharge`. */
  refundCharge(charge: KeyCharge): Promise<void>;
  /** The request key's usage this month; undefined when the request has no key. */
  usage(request: FastifyRequest): Promise<KeyUsage | undefined>;
}

/** What a request was charged, as work that outlives it keeps it (plain data: it may sit in Redis). */
export interface KeyCharge {
  keyId: string;
  chars: number;
  month: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeyService;
  }
  interface FastifyRequest {
    apiKey?: KnownKey;
    /** What this request was charged, and in which month, to give back if it fails. */
    apiKeyCharge?: { chars: number; month: string };
  }
}

/** Routes that need a key when keys are on: everything that does work or holds someone's data. */
export function needsKey(method: string, url: string): boolean {
  const path = url.split('?')[0]!;
  if (path.startsWith('/api/v1/glossaries')) return true;
  if (path.startsWith('/api/v1/')) return method !== 'GET' && method !== 'HEAD';
  if (['/translate', '/detect', '/translate_file', '/v1/chat/completions'].includes(path)) return true;
  return ['/v2/translate', '/v2/document', '/v2/glossaries', '/v2/usage'].some((prefix) =>
    path.startsWith(prefix),
  );
}

/**
 * Optional API keys (see lib/api-keys.ts). The web app this server serves needs none: a browser's
 * same-origin request (Sec-Fetch-Site) passes without a key. A script can send that header too, so
 * keys here meter and limit well-behaved clients; they are not a wall (the per-IP rate limit is).
 */
export default fp(
  async (app) => {
    const { apiKeys, apiKeysFile } = app.config.access;
    const ring = new KeyRing([...apiKeys, ...apiKeysFile]);
    const warn = throttledWarning(app.log);
    const counter = new UsageCounter({
      redis: app.redis.client,
      file: app.config.access.usageFile,
      onRedisError: (error) =>
        warn({ err: error }, 'Redis could not count key usage: this process counts on its own meanwhile'),
    });
    app.addHook('onClose', () => counter.close());
    app.decorateRequest('apiKey', undefined);
    app.decorateRequest('apiKeyCharge', undefined);
    app.decorate('apiKeys', {
      enabled: ring.enabled,
      async charge(request, chars) {
        if (!request.apiKey || chars <= 0) return;
        const month = monthOf();
        const { charged, usage } = await counter.charge(request.apiKey, chars);
        if (!charged) {
          throw new ApiError(
            429,
            'QUOTA_EXCEEDED',
            `This key's monthly limit is reached: ${usage.count} of ${usage.limit} characters used, and this request needs ${chars}`,
          );
        }
        request.apiKeyCharge = { chars: (request.apiKeyCharge?.chars ?? 0) + chars, month };
      },
      async refund(request) {
        const charge = request.apiKeyCharge;
        if (!charge || !request.apiKey) return;
        // Once only: the response hook and a failed job may both ask.
        request.apiKeyCharge = undefined;
        await counter.refund(request.apiKey, charge.chars, charge.month);
      },
      takeCharge(request) {
        const charge = request.apiKeyCharge;
        if (!charge || !request.apiKey) return undefined;
        request.apiKeyCharge = undefined;
        return { keyId: request.apiKey.id, ...charge };
      },
      refundCharge: ({ keyId, chars, month }) => counter.refund({ id: keyId }, chars, month),
      usage: (request) => (request.apiKey ? counter.usage(request.apiKey) : Promise.resolve(undefined)),
    } satisfies ApiKeyService);
    if (!ring.enabled) return;
    app.log.info({ keys: apiKeys.length + apiKeysFile.length }, 'API keys are on: the APIs need a key');

    // An error after the charge (a failed translation, a bad option found late, the engine away):
    // the characters go back, as DeepL counts only what it translated. A document job that fails
    // after its upload was answered gives them back itself (documents/jobs.ts, takeCharge).
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 400) await app.apiKeys.refund(request);
    });

    app.addHook('onRoute', (route) => {
      const method = [route.method].flat()[0] ?? 'GET';
      if (!needsKey(method, route.url)) return;
      const existing = route.preValidation ? [route.preValidation].flat() : [];
      const check = async (request: FastifyRequest) => {
        const key = keyOfRequest(request.headers, request.body);
        if (key === undefined) {
          if (request.headers['sec-fetch-site'] === 'same-origin') return; // this server's web app
          throw new ApiError(
            401,
            'API_KEY_REQUIRED',
            'This server needs an API key: send it as Authorization: Bearer <key>, X-API-Key, or api_key',
          );
        }
        const known = ring.find(key);
        if (!known) throw new ApiError(403, 'INVALID_API_KEY', 'Invalid API key');
        request.apiKey = known;
      };
      route.preValidation = [check, ...existing] as typeof route.preValidation;
    });
  },
  { name: 'api-keys', dependencies: ['redis'] },
);
