import { chatOffUnlessAsked } from '@sema/testkit/sema';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';

/**
 * The real app, built from environment-style settings, quiet, ready for `inject()`. Translation
 * runs on the tiny model fixture (never a download of the real one); chat is off unless asked for.
 */
export async function buildTestApp(env: Record<string, string | undefined> = {}): Promise<App> {
  const config = loadConfig({
    SEMA_LOG_LEVEL: 'silent',
    SEMA_GLOSSARY_DB: ':memory:',
    SEMA_USAGE_DB: ':memory:',
    SEMA_WEB_DIST: '/nonexistent-web-dist',
    SEMA_NLLB_MODEL: TINY_NLLB,
    ...chatOffUnlessAsked(env),
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return app;
}
