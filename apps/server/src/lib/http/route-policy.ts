/**
 * What each route is, declared on the route itself (`config: { policy: 'work' }`) and enforced by
 * the hooks that read it: the API-key check, the rate limit, CORS, the access log, the drain and
 * the operator token. A route that declares nothing is a bug (a test walks every route), so a new
 * route can never silently lose its key check or its rate limit.
 */
import type { FastifyRequest, RouteOptions } from 'fastify';

export interface RoutePolicy {
  /** Needs an API key (or the web app's session token) when keys are configured. */
  key: boolean;
  /** Counted against the per-IP rate limit (SEMA_RATE_LIMIT). */
  rateLimit: boolean;
  /** Open to pages of any origin (CORS `*`): a public API. */
  cors: boolean;
  /** Asked every few seconds by machines: logged only when it fails. */
  quietLog: boolean;
  /** Still answered while the server drains (the probes, which say so themselves). */
  whileDraining: boolean;
  /** Needs the operator token (SEMA_ADMIN_TOKEN). */
  operator: boolean;
  /** Answered by the server in JSON: an unknown path beside it gets a JSON 404, never the web app. */
  api: boolean;
}

const base = {
  key: false,
  rateLimit: false,
  cors: false,
  quietLog: false,
  whileDraining: false,
  operator: false,
  api: true,
} as const satisfies RoutePolicy;

/** The policies a route can declare, by name. */
export const ROUTE_POLICIES = {
  /** Does work or holds someone's data (translate, detect, chat, documents, glossaries, usage). */
  work: { ...base, key: true, rateLimit: true, cors: true },
  /** A public read of an API (languages, status, the OpenAPI document and explorer): no key. */
  open: { ...base, rateLimit: true, cors: true },
  /** `/status` at the root, read by monitors and dashboards every few seconds: never limited. */
  monitor: { ...base, cors: true },
  /** The web app asking for its session token: this server's pages only, rate-limited. */
  session: { ...base, rateLimit: true },
  /** A probe for balancers and orchestrators: never limited, quiet, answers while draining. */
  probe: { ...base, quietLog: true, whileDraining: true },
  /** The Open Inference Protocol for API nodes: server to server, not limited per IP. */
  inference: { ...base },
  /** The operator's (metrics): needs SEMA_ADMIN_TOKEN. */
  operator: { ...base, operator: true },
  /** The web app's pages and files: same origin, never limited. */
  page: { ...base, api: false },
} as const satisfies Record<string, RoutePolicy>;

export type RoutePolicyName = keyof typeof ROUTE_POLICIES;

/**
 * A request that matched no route (a 404, a 405, a path Fastify could not decode): no key is asked
 * (there is nothing to protect), no CORS, logged, and refused while draining.
 */
export const UNMATCHED_POLICY: RoutePolicy = { ...base, api: false };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route is: which hooks apply to it (see lib/http/route-policy.ts). */
    policy?: RoutePolicyName;
  }
}

/** The policy of a route as it is added (from `onRoute`), or undefined when it declares none. */
export function declaredPolicy(route: Pick<RouteOptions, 'config'>): RoutePolicy | undefined {
  const name = (route.config as { policy?: RoutePolicyName } | undefined)?.policy;
  return name === undefined ? undefined : ROUTE_POLICIES[name];
}

/**
 * The policy that applies to a request: its route's; the unmatched one when no route matched; and
 * for a route that declared none (a bug the route walk test catches), the strictest API policy,
 * so that it fails closed rather than open.
 */
export function policyOf(request: FastifyRequest): RoutePolicy {
  if (request.is404) return UNMATCHED_POLICY;
  const name = request.routeOptions.config?.policy;
  return name === undefined ? ROUTE_POLICIES.work : ROUTE_POLICIES[name];
}

/**
 * Gives every route a plugin adds without our say (a library's routes: the static files, the API
 * explorer, the CORS preflight) the policy `name`, in the scope this is called in.
 */
export function defaultPolicy(
  app: { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown },
  name: RoutePolicyName,
): void {
  app.addHook('onRoute', (route) => {
    // In place: hooks that ran before keep a reference to these options and read them later.
    const config = (route.config ??= {}) as { policy?: RoutePolicyName };
    config.policy ??= name;
  });
}
