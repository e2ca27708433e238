import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

/** The real app, built from environment-style settings, quiet, ready for `inject()`. */
export async function buildTestApp(env: Record<string, string | undefined> = {}): Promise<App> {
  const config = loadConfig({ SEMA_LOG_LEVEL: 'silent', SEMA_WEB_DIST: '/nonexistent-web-dist', ...env });
  const app = await buildApp(config);
  await app.ready();
  return app;
}
