import type { RouteOptions } from 'fastify';
import { declaredPolicy, type RoutePolicy } from './http/route-policy.ts';

type Route = Pick<RouteOptions, 'url' | 'method' | 'config'>;

/**
 * Which methods each registered path answers, with each route's declared policy, so that a known
 * path asked with the wrong method gets 405 with `Allow` instead of a 404 (Fastify's router only
 * knows "not found"), a CORS preflight is answered by the policy of the route it asks about, and an
 * unknown path beside the APIs gets a JSON 404 rather than the web app. Catch-all routes (`*`, such
 * as the static files') are left out: they would make every unknown path "known".
 */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Map<string, Route> }[] = [];
  /** Every route added, catch-alls too. */
  private readonly added: Route[] = [];

  /**
   * Remembers a route as it is added (`onRoute`). Its options are read when asked, not now: a
   * later `onRoute` hook may still give it its policy.
   */
  add(route: Route): void {
    this.added.push(route);
    if (route.url.includes('*')) return;
    const source = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    let known = this.routes.find((each) => each.pattern.source === pattern.source);
    if (!known) {
      known = { pattern, methods: new Map() };
      this.routes.push(known);
    }
    for (const method of [route.method].flat()) known.methods.set(method.toUpperCase(), route);
  }

  /** The methods `path` answers (empty when no route has that path), OPTIONS included when CORS adds it. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes)
      if (route.pattern.test(path)) route.methods.forEach((_route, method) => methods.add(method));
    return [...methods].sort();
  }

  /** The policy of the route answering `method` on `path`, if there is one. */
  policyAt(path: string, method: string): RoutePolicy | undefined {
    const wanted = method.toUpperCase();
    const route = this.routes.find((each) => each.pattern.test(path) && each.methods.has(wanted));
    const options = route?.methods.get(wanted);
    return options && declaredPolicy(options);
  }

  /**
   * True when `path` lies beside the server's own APIs (the first segment of a route whose policy
   * is an API's: `/api/…`, `/v2/…`, `/status`), so an unknown one is a JSON 404, never a web page.
   */
  isApiPath(path: string): boolean {
    const root = path.split('/')[1] ?? '';
    if (root === '') return false;
    return this.routes.some((each) =>
      [...each.methods.values()].some(
        (route) => route.url.split('/')[1] === root && declaredPolicy(route)?.api === true,
      ),
    );
  }

  /** Every route added, with the policy it declared (undefined when it declared none). */
  all(): { method: string; url: string; policy: RoutePolicy | undefined }[] {
    return this.added.flatMap((route) =>
      [route.method].flat().map((method) => ({ method, url: route.url, policy: declaredPolicy(route) })),
    );
  }
}
