import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  KeyRing,
  keyOfRequest,
  MANAGED_KEY_CACHE_MS,
  monthOf,
  UsageCounter,
  type KeyUsage,
  type KnownKey,
} from '../../lib/api-keys.ts';
import { answeringStore, managedKeyStore, type ManagedKeyStore } from '../../lib/managed-keys.ts';
import { checkLayoutsAtStart } from '../../lib/store-schema.ts';
import { SESSION_HEADER, type SessionResponse } from '@sema/shared/api/schemas';
import { ApiError } from '../../lib/errors.ts';
import { QuotaExceededError } from '../../lib/quota-exceeded.ts';
import { policyOf } from '../../lib/http/route-policy.ts';
import { isWebBudget, WebSessions } from '../../lib/web-session.ts';
import { throttledWarning } from '../../lib/throttled-warning.ts';
import { UNMETERED, type Meter, type MeterCharge } from '../../lib/meter.ts';

export interface ApiKeyService {
  /** True when keys are configured (and so required). */
  enabled: boolean;
  /** How the web app gets in (what /status says): open without keys, else SEMA_WEB_ACCESS. */
  webAccess: WebAccess;
  /** What this server's web app gets from POST /api/v1/session: a token when keys are on. */
  session(request: FastifyRequest): SessionResponse;
  /** Gives back a charge a meter handed over to work that outlived its request (a document job). */
  refundCharge(charge: MeterCharge): Promise<void>;
  /** The request key's usage this month; undefined when the request has no key. */
  usage(request: FastifyRequest): Promise<KeyUsage | undefined>;
  /**
   * The one meter of the request's work (lib/meter.ts), which routes hand to their use case: it
   * charges the request's key, or its web session's address budget; free without either.
   */
  meter(request: FastifyRequest): Meter;
  /** The keys (configured and managed), for the operator's routes. */
  ring: KeyRing;
  /** Where managed keys are kept. */
  managed: ManagedKeyStore;
  /** Each key's usage, for the operator's routes. */
  counter: UsageCounter;
}

export type WebAccess = { mode: 'open' } | { mode: 'key' } | { mode: 'session'; monthly_chars: number };

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
    const warn = throttledWarning(app.log);
    const managed = answeringStore(managedKeyStore(app.redis.client, app.config.access.usageFile), (error) =>
      warn({ err: error }, 'the managed API keys could not be read or written'),
    );
    const counter = new UsageCounter({
      redis: app.redis.client,
      file: app.config.access.usageFile,
      onRedisError: (error) =>
        warn({ err: error }, 'Redis could not count key usage: this process counts on its own meanwhile'),
    });
    // Usage and managed keys written by a newer Sema stop the start, not the first request.
    await checkLayoutsAtStart([managed, counter]).catch((error: unknown) => {
      counter.close();
      managed.close();
      throw error;
    });
    const ring = new KeyRing([...apiKeys, ...apiKeysFile], managed);
    await ring.refresh().catch((error: unknown) => {
      app.log.error(
        { err: error },
        'could not read the managed API keys: only the configured ones are known',
      );
    });
    // Keys made or revoked by another process show here within seconds.
    const refreshing = setInterval(() => {
      ring
        .refresh()
        .catch((error: unknown) => warn({ err: error }, 'could not re-read the managed API keys'));
    }, MANAGED_KEY_CACHE_MS);
    refreshing.unref();
    const sessions = new WebSessions(sessionSecret, webMonthlyChars);
    app.addHook('onClose', () => {
      clearInterval(refreshing);
      counter.close();
      managed.close();
    });
    app.decorateRequest('apiKey', undefined);
    app.decorateRequest('apiKeyCharge', undefined);
    const accessOf = (): WebAccess =>
      !ring.enabled
        ? { mode: 'open' }
        : webAccess === 'session'
          ? { mode: 'session', monthly_chars: webMonthlyChars }
          : { mode: 'key' };
    // What a meter admits is kept on the request until the work ends, so that a request that ends
    // in an error (below) or a meter asked to refund gives it back once.
    const charge = async (request: FastifyRequest, chars: number) => {
      if (!request.apiKey || chars <= 0) return;
      const month = monthOf();
      const { charged, usage } = await counter.charge(request.apiKey, chars);
      if (!charged) {
        throw new QuotaExceededError({
          whose: isWebBudget(request.apiKey) ? 'address' : 'key',
          limit: usage.limit ?? 0,
          used: usage.count,
          needs: chars,
        });
      }
      request.apiKeyCharge = { chars: (request.apiKeyCharge?.chars ?? 0) + chars, month };
    };
    const refund = async (request: FastifyRequest) => {
      const admitted = request.apiKeyCharge;
      if (!admitted || !request.apiKey) return;
      // Once only: the response hook and a failed job may both ask.
      request.apiKeyCharge = undefined;
      await counter.refund(request.apiKey, admitted.chars, admitted.month);
    };
    app.decorate('apiKeys', {
      get enabled() {
        return ring.enabled;
      },
      get webAccess() {
        return accessOf();
      },
      ring,
      managed,
      counter,
      session(request) {
        if (!ring.enabled) return { token: null, expires_at: null, key_required: false };
        if (webAccess === 'key') return { token: null, expires_at: null, key_required: true };
        const { token, expiresAt } = sessions.issue(request.ip);
        return { token, expires_at: expiresAt.toISOString(), key_required: false };
      },
      refundCharge: ({ keyId, chars, month }) => counter.refund({ id: keyId }, chars, month),
      usage: (request) => (request.apiKey ? counter.usage(request.apiKey) : Promise.resolve(undefined)),
      meter(request) {
        const key = request.apiKey;
        if (!key) return UNMETERED;
        return {
          admit: (characters) => charge(request, characters),
          spend: async (characters) => {
            if (characters <= 0) return;
            // The answer is the client's already: a store failure is logged, never thrown at it.
            await counter.record(key, characters).catch((error: unknown) => {
              request.log.error({ err: error }, 'could not count delivered work against its key');
            });
          },
          refund: () => refund(request),
          handOver() {
            const admitted = request.apiKeyCharge;
            if (!admitted) return undefined;
            request.apiKeyCharge = undefined;
            return { keyId: key.id, ...admitted };
          },
        };
      },
    } satisfies ApiKeyService);
    if (ring.enabled) {
      app.log.info({ keys: apiKeys.length + apiKeysFile.length }, 'API keys are on: the APIs need a key');
    }
    // The one keyless path, said at every start so that it is a choice the operator sees.
    if (ring.enabled && webAccess === 'session') {
      app.log.warn(
        { webAccess: 'session', webMonthlyChars },
        `SEMA_WEB_ACCESS=session: anyone may translate up to ${webMonthlyChars} characters a month per client address without a key (POST /api/v1/session gives the token; set SEMA_WEB_ACCESS=key to require a key everywhere)`,
      );
    } else if (ring.enabled) {
      app.log.info(
        'SEMA_WEB_ACCESS=key: the web app needs a key too (visitors paste theirs; it stays on their device)',
      );
    }

    // An error after the charge (a failed translation, a bad option found late, the engine away):
    // the characters go back, as DeepL counts only what it translated. A document job that fails
    // after its upload was answered gives them back itself (documents/jobs.ts, a meter's handOver).
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode < 400 || !request.apiKeyCharge) return done();
      refund(request).then(() => done(), done);
    });

    // After parsing, so a key sent in a form or JSON field (api_key, auth_key) is seen.
    // A request that needs no key is let through at once, without a promise (most requests when
    // keys are off); the check itself is async (a managed key may have to be read from the store).
    const checkKey = async (request: FastifyRequest) => {
      const key = keyOfRequest(request.headers, request.body);
      if (key !== undefined) {
        const known = await ring.find(key);
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
        // A token for another address (a phone that moved networks) or altered is not "ended".
        throw check === 'expired'
          ? new ApiError(
              401,
              'SESSION_EXPIRED',
              "This page's session has ended: reload the page (or send an API key)",
            )
          : new ApiError(
              401,
              'SESSION_INVALID',
              'This session token is not valid from this address (it was given to another one, or altered): reload the page, or send an API key',
            );
      }
      throw new ApiError(
        401,
        'API_KEY_REQUIRED',
        'This server needs an API key: send it as Authorization: Bearer <key> (DeepL clients: Authorization: DeepL-Auth-Key <key>), X-API-Key, or api_key',
      );
    };
    app.addHook('preValidation', (request, _reply, done) => {
      // Read at each request: the operator may make the first key (or revoke the last) while it runs.
      if (!ring.enabled || !policyOf(request).key) return done();
      checkKey(request).then(() => done(), done);
    });
  },
  { name: 'api-keys', dependencies: ['redis'] },
);
