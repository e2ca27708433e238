/**
 * Whose a stored record is. With API keys on, every request that does work carries a key (or a web
 * session, which spends its client address's budget), and what it stores belongs to that key or
 * address: another key neither lists, reads, uses, changes nor deletes it. A server without keys is
 * open: everyone is one tenant, as everyone shares its one free API.
 */
import type { FastifyRequest } from 'fastify';

/** A key's id (`lib/api-keys.ts`), a web session's address budget (`web-…`), or one of the two below. */
export type Tenant = string;

/** Everyone on a server without keys. */
export const OPEN_TENANT: Tenant = 'open';

/** Published by the operator: every tenant reads and uses it; only the operator changes it. */
export const SHARED_TENANT: Tenant = 'shared';

/** The tenant of a request that passed the key check (see plugins/external/api-keys.ts). */
export const tenantOf = (request: Pick<FastifyRequest, 'apiKey'>): Tenant =>
  request.apiKey?.id ?? OPEN_TENANT;
