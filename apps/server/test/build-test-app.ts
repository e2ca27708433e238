import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TINY_NLLB } from '../src/translation/testing/tiny-nllb.ts';

/**
 * The real app, built from environment-style settings, quiet, ready for `inject()`. Translation
 * runs on the tiny model fixture (never a download of the real one); chat is off unless asked for.
 */
/**
 * The default local chat model would be downloaded at start: chat is off unless the test sets up a
 * provider (a base URL, a key, a local model file, or the provider itself).
 */
export function chatOffUnlessAsked(env: Record<string, string | undefined>): Record<string, string> {
  const asked = [
    'SEMA_CHAT_PROVIDER',
    'SEMA_CHAT_BASE_URL',
    'SEMA_CHAT_API_KEY',
    'HF_TOKEN',
    'SEMA_CHAT_LOCAL_MODEL',
  ];
  return asked.some((name) => env[name] !== undefined) ? {} : { SEMA_CHAT_PROVIDER: 'none' };
}

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
