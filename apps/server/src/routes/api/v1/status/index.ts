import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatusResponse, type DataHandling, type EngineStatus } from '@sema/shared/api/schemas';
import type { Config } from '../../../../config.ts';
import { SEMA_VERSION } from '../../../../lib/version.ts';
import type { EngineName } from '../../../../plugins/app/engine-status.ts';

const ENGINES: readonly EngineName[] = ['translation', 'detection', 'chat'];
const startedAt = Date.now();

/** Where a text to translate goes, by engine: every engine but the built-in one sends it to other servers. */
const TRANSLATION_DATA: Record<Config['translation']['engine'], DataHandling['translation']> = {
  nllb: 'this_server',
  remote: 'other_servers',
  kserve: 'other_servers',
};

/** Where a chat message goes, by provider: an OpenAI-compatible endpoint is another service. */
const CHAT_DATA: Record<Config['chat']['provider'], DataHandling['chat']> = {
  openai: 'external_provider',
  local: 'this_server',
  none: 'off',
};

/** healthy: every engine ready (or deliberately off); starting: one still loading; degraded: one failed. */
export function overallStatus(engines: readonly EngineStatus[]): StatusResponse['status'] {
  if (engines.some((engine) => engine.state === 'error')) return 'degraded';
  if (engines.some((engine) => engine.state === 'loading')) return 'starting';
  return 'healthy';
}

/** GET /status and GET /api/v1/status: health, engines and the limits this server enforces. */
const status: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['status'],
        summary: 'Health, engine states and limits',
        response: { 200: StatusResponse },
      },
    },
    async (_request, reply) => {
      const engines = Object.fromEntries(
        ENGINES.map((name) => [
          name,
          app.engineStatus.get(name)?.() ?? { state: 'disabled', detail: 'Not part of this server' },
        ]),
      ) as StatusResponse['engines'];
      reply.header('Cache-Control', 'no-store');
      return {
        status: overallStatus(Object.values(engines)),
        version: SEMA_VERSION,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        timestamp: new Date().toISOString(),
        engines,
        redis: app.redis.status(),
        // Where texts go, so the web app's About page can say it truthfully for this server.
        data_handling: {
          translation: TRANSLATION_DATA[app.config.translation.engine],
          chat: CHAT_DATA[app.config.chat.provider],
        },
        api_key_required: app.apiKeys.enabled,
        response_times: { translate: app.recentTranslations.summary() },
        limits: {
          max_text_chars: app.config.maxTextChars,
          rate_limit: app.config.rateLimit?.raw ?? null,
          max_document_bytes: app.config.documents.maxFileBytes,
          max_document_chars: app.config.documents.maxChars,
          max_chat_input_chars: app.config.chat.maxInputChars,
        },
      };
    },
  );
};

export default status;
