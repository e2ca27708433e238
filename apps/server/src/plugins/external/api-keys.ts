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
import { SESSION_HEADER, type SessionResponse } from '@sema/shared/api/schemas';
import { ApiError } from '../../lib/errors.ts';
import { policyOf } from '../../lib/http/route-policy.ts';
import { isWebBudget, WebSessions } from '../../lib/web-session.ts';
import { throttledWarning } from '../../lib/throttled-warning.ts';
import { UNMETERED, type ChatMeter } from '../../chat/chat-meter.ts';

export interface ApiKeyService {
  /** True when keys are configured (and so required). */
  enabled: boolean;
  /**
   * Counts `chars` against the request's key, or refuses with 429 QUOTA_EXCEEDED when that would pass
   * its monthly limit (a web session's: its client address's). Nothing to do without keys. A request that
   * then ends in an error gets its characters back: only work delivered is counted.
   */
  charge(request: FastifyRequest, chars: number): Promise<void>;
  /** What this server's web app gets from POST /api/v1/session: a token when keys are on. */
  session(request: FastifyRequest): SessionResponse;
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
  /** What a chat turn of this request costs its key (chat/chat-meter.ts); free without keys. */
  meter(request: FastifyRequest): ChatMeter;
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

/**
 * Optional API keys (see lib/api-keys.ts). Every route whose declared policy does work needs a key
 * when keys are on. This server's web app sends a session token instead (lib/web-session.ts,
 * POST /api/v1/session), which spends its client address's own budget; no header lets a request
 * through without one or the other.
 */
export default fp(
  async (app) => {
    const { apiKeys, apiKeysFile, webAccess, webMonthlyChars, sessionSecret } = app.config.access;
    const ring = new KeyRing([...apiKeys, ...apiKeysFile]);
    const sessions = new WebSessions(sessionSecret, webMonthlyChars);
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
      session(request) {
        if (!ring.enabled) return { token: null, expires_at: null, key_required: false };
        if (webAccess === 'key') return { token: null, expires_at: null, key_required: true };
        const { token, expiresAt } = sessions.issue(request.ip);
        return { token, expires_at: expiresAt.toISOString(), key_required: false };
      },
      async charge(request, chars) {
        if (!request.apiKey || chars <= 0) return;
        const month = monthOf();
        const { charged, usage } = await counter.charge(request.apiKey, chars);
        if (!charged) {
          throw new ApiError(
            429,
            'QUOTA_EXCEEDED',
            isWebBudget(request.apiKey)
              ? `This address's monthly limit on this server's web app is reached: ${usage.count} of ${usage.limit} characters used, and this request needs ${chars}`
              : `This key's monthly limit is reached: ${usage.count} of ${usage.limit} characters used, and this request needs ${chars}`,
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
      meter(request) {
        const key = request.apiKey;
        if (!key) return UNMETERED;
        return {
          admit: (characters) => app.apiKeys.charge(request, characters),
          spend: async (characters) => {
            if (characters <= 0) return;
            // The answer is the client's already: a store failure is logged, never thrown at it.
            await counter.record(key, characters).catch((error: unknown) => {
              request.log.error({ err: error }, 'could not count a chat answer against its key');
            });
          },
        };
      },
    } satisfies ApiKeyService);
    if (!ring.enabled) return;
    app.log.info({ keys: apiKeys.length + apiKeysFile.length }, 'API keys are on: the APIs need a key');

    // An error after the charge (a failed translation, a bad option found late, the engine away):
    // the characters go back, as DeepL counts only what it translated. A document job that fails
    // after its upload was answered gives them back itself (documents/jobs.ts, takeCharge).
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode >= 400) await app.apiKeys.refund(request);
    });

    // After parsing, so a key sent in a form or JSON field (api_key, auth_key) is seen.
    app.addHook('preValidation', async (request) => {
      if (!policyOf(request).key) return;
      const key = keyOfRequest(request.headers, request.body);
      if (key !== undefined) {
        const known = ring.find(key);
        if (!known) throw new ApiError(403, 'INVALID_API_KEY', 'Invalid API key');
        request.apiKey = known;
        return;
      }
      const token = request.headers[SESSION_HEADER.toLowerCase()];
      if (typeof token === 'string' && webAccess === 'session') {
        const check = sessions.check(token, request.ip);
        if (check === 'valid') {
          request.apiKey = sessions.budgetOf(request.ip);
          return;
        }
        throw new ApiError(
          401,
          'SESSION_EXPIRED',
          "This page's session has ended: reload the page (or send an API key)",
        );
      }
      throw new ApiError(
        401,
        'API_KEY_REQUIRED',
        'This server needs an API key: send it as Authorization: Bearer <key> (DeepL clients: Authorization: DeepL-Auth-Key <key>), X-API-Key, or api_key',
      );
    });
  },
  { name: 'api-keys', dependencies: ['redis'] },
);
