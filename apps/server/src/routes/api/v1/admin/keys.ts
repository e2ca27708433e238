import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponse } from '@sema/shared/api/schemas';
import { Type } from '@sinclair/typebox';
import { hashOf, MANAGED_KEY_CACHE_MS, newKeyValue, type KnownKey } from '../../../../lib/api-keys.ts';
import { ApiError } from '../../../../lib/errors.ts';
import type { ManagedKey } from '../../../../lib/managed-keys.ts';

const MonthlyChars = Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000_000_000 }), Type.Null()], {
  description: 'Characters a month (translations, documents and chat), or null for no limit',
});
const KeyInfo = Type.Object({
  id: Type.String({
    description: "The key's id: the first 16 hex digits of its SHA-256 (the key itself is never kept)",
  }),
  name: Type.Union([Type.String(), Type.Null()], {
    description: 'The name it was made with; null for a configured key',
  }),
  source: Type.Union([Type.Literal('configuration'), Type.Literal('managed')], {
    description: 'configuration: SEMA_API_KEYS or SEMA_API_KEYS_FILE (change it there); managed: made here',
  }),
  monthly_chars: MonthlyChars,
  used_this_month: Type.Integer(),
  created_at: Type.Union([Type.String(), Type.Null()]),
  revoked_at: Type.Union([Type.String(), Type.Null()]),
});
const Params = Type.Object({ id: Type.String() });
const errors = {
  401: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  422: ErrorResponse,
  503: ErrorResponse,
};

/**
 * /api/v1/admin/keys: the operator creates, limits and revokes API keys while the server runs, and
 * reads each key's usage this month (SEMA_ADMIN_TOKEN). Keys from the configuration are listed too,
 * read-only. A change holds on every process within MANAGED_KEY_CACHE_MS.
 */
const adminKeys: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['operator'];
  const config = { policy: 'operator' } as const;
  const { ring, managed, counter } = app.apiKeys;
  const used = async (key: KnownKey) => (await counter.usage(key)).count;
  const managedInfo = async (key: ManagedKey) => ({
    id: key.id,
    name: key.name,
    source: 'managed' as const,
    monthly_chars: key.monthlyChars,
    used_this_month: await used({ id: key.id, monthlyChars: key.monthlyChars }),
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
  });
  const notFound = (id: string) =>
    new ApiError(404, 'KEY_NOT_FOUND', `No managed API key "${id.slice(0, 64)}" on this server`);
  /** A managed key by id, refusing a configured one with where to change it. */
  const managedKey = async (id: string) => {
    if (ring.isConfigured(id)) {
      throw new ApiError(
        409,
        'KEY_IN_CONFIGURATION',
        'This key is set in SEMA_API_KEYS or SEMA_API_KEYS_FILE: change it there and restart',
      );
    }
    const key = await managed.get(id);
    if (!key) throw notFound(id);
    return key;
  };
  const changed = async (key: ManagedKey) => {
    await managed.put(key);
    ring.forget(key);
    await ring.refresh();
    return managedInfo(key);
  };

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        summary: "Every API key with this month's usage (operator)",
        response: { 200: Type.Object({ keys: Type.Array(KeyInfo) }), ...errors },
      },
    },
    async () => {
      const configured = await Promise.all(
        ring.configuredKeys().map(async (key) => ({
          id: key.id,
          name: null,
          source: 'configuration' as const,
          monthly_chars: key.monthlyChars,
          used_this_month: await used(key),
          created_at: null,
          revoked_at: null,
        })),
      );
      return { keys: [...configured, ...(await Promise.all((await managed.list()).map(managedInfo)))] };
    },
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        summary: 'Make an API key; it is shown this once (operator)',
        description: `The first key made on an open server turns keys on (within ${MANAGED_KEY_CACHE_MS / 1000} s on every process), and revoking keys never turns them off.`,
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 100 }),
          monthly_chars: Type.Optional(MonthlyChars),
        }),
        response: { 201: Type.Composite([KeyInfo, Type.Object({ key: Type.String() })]), ...errors },
      },
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      if (!name) throw new ApiError(422, 'VALIDATION_ERROR', 'name: a key needs a name');
      const value = newKeyValue();
      const key: ManagedKey = {
        id: hashOf(value),
        name,
        monthlyChars: request.body.monthly_chars ?? null,
        createdAt: new Date().toISOString(),
        revokedAt: null,
      };
      await managed.add(key);
      await ring.refresh();
      request.log.info({ keyId: key.id, name }, 'API key made');
      return reply.code(201).send({ ...(await managedInfo(key)), key: value });
    },
  );

  app.patch(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: "Change a managed key's monthly limit (operator)",
        params: Params,
        body: Type.Object({ monthly_chars: MonthlyChars }),
        response: { 200: KeyInfo, ...errors },
      },
    },
    async (request) => {
      const key = await managedKey(request.params.id);
      return changed({ ...key, monthlyChars: request.body.monthly_chars });
    },
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Revoke a managed key: refused from now on, its usage kept (operator)',
        params: Params,
        response: { 200: KeyInfo, ...errors },
      },
    },
    async (request) => {
      const key = await managedKey(request.params.id);
      request.log.info({ keyId: key.id, name: key.name }, 'API key revoked');
      return changed({ ...key, revokedAt: key.revokedAt ?? new Date().toISOString() });
    },
  );
};

export default adminKeys;
