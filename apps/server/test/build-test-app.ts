import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';

/**
 * The real app, built from environment-style settings, quiet, ready for `inject()`. Translation
 * runs on the tiny model fixture (never a download of the real one).
 */
export async function buildTestApp(env: Record<string, string | undefined> = {}): Promise<App> {
  const config = loadConfig({
    SEMA_LOG_LEVEL: 'silent',
    SEMA_WEB_DIST: '/nonexistent-web-dist',
    SEMA_NLLB_MODEL: TINY_NLLB,
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return app;
}
