/**
 * Which methods each registered path answers, so that a known path asked with the wrong method gets
 * 405 with `Allow` instead of a 404 (Fastify's router only knows "not found"). Catch-all routes
 * (`*`, such as the static files') are left out: they would make every unknown path "known".
 */
export class RouteMethods {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  add(url: string, method: string | string[]): void {
    if (url.includes('*')) return;
    const source = url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const pattern = new RegExp(`^${source}/?$`);
    let route = this.routes.find((known) => known.pattern.source === pattern.source);
    if (!route) {
      route = { pattern, methods: new Set() };
      this.routes.push(route);
    }
    for (const each of [method].flat()) route.methods.add(each.toUpperCase());
  }

  /** The methods `path` answers (empty when no route has that path), OPTIONS included when CORS adds it. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes)
      if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }
}
