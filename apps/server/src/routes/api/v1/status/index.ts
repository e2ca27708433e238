import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { StatusResponse, type DataHandling, type EngineStatus } from '@sema/shared/api/schemas';
import type { Config } from '../../../../config/schema.ts';
import type { RoutePolicyName } from '../../../../lib/http/route-policy.ts';
import { SEMA_VERSION } from '../../../../lib/version.ts';
import { listVersion } from '../../../../translation/served-languages.ts';
import type { EngineName } from '../../../../plugins/app/engine-status.ts';
import { statusPage, wantsPage } from './status-page.ts';

const ENGINES: readonly EngineName[] = ['translation', 'detection', 'chat'];
const startedAt = Date.now();

/** Where a text to translate goes, by engine: every engine but the built-in one sends it to other servers. */
const TRANSLATION_DATA: Record<Config['translation']['engine'], DataHandling['translation']> = {
  builtin: 'this_server',
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

/** A URL, or an absolute path (POSIX or Windows). */
const LOOKS_INTERNAL = /:\/\/|^\/|^[A-Za-z]:[\\/]/;

/** What anyone may see of an engine: its state, which model, its licence and progress. */
const PUBLIC_ENGINE_FIELDS = [
  'state',
  'model',
  'model_id',
  'model_license',
  // Which model family serves this server's languages, under which licence, is for every user to know.
  'model_family',
  'model_family_name',
  'model_license_terms',
  'model_license_url',
  'model_source',
  'languages',
  'progress',
  'next_attempt_at',
  'provider',
] as const;

/**
 * An engine as everyone sees it: the plain state, never the operator's detail (a model path, an
 * upstream host, an upstream's error text), which only the operator's token shows.
 */
export function publicEngine(engine: EngineStatus): EngineStatus {
  const shown: Record<string, unknown> = {};
  for (const field of PUBLIC_ENGINE_FIELDS) {
    const value = engine[field];
    // A name that is an address or a path (the remote engine names its servers' URLs until they
    // report their model) is the operator's to see.
    // The licence's link is a public address we set, never the operator's.
    const internal = field !== 'model_license_url' && typeof value === 'string' && LOOKS_INTERNAL.test(value);
    if (value !== undefined && !internal) shown[field] = value;
  }
  // A server with pair models: each model as public as the engine, with the pairs it serves.
  if (engine.models) {
    shown.models = engine.models.map((model) => ({
      ...publicEngine(model),
      role: model.role,
      ...(model.pairs && { pairs: model.pairs }),
      sentences: model.sentences,
      ...(model.allowed === false && { allowed: false }),
    }));
  }
  if (engine.pivot !== undefined) shown.pivot = engine.pivot;
  // The quality each pair can be expected to have, and which licences may serve, are every user's to
  // know; the warnings about what the operator could serve better are the operator's.
  if (engine.model_licences) shown.model_licences = engine.model_licences;
  if (engine.quality) shown.quality = engine.quality;
  return shown as EngineStatus;
}

/**
 * GET /status and GET /api/v1/status: health, engines and the limits this server enforces. With the
 * operator's token (SEMA_ADMIN_TOKEN) the engines' details and Redis come too.
 */
const status: FastifyPluginAsyncTypebox<{ policy: RoutePolicyName }> = async (app, { policy }) => {
  app.get(
    '/',
    {
      config: { policy },
      schema: {
        tags: ['status'],
        summary: 'Health, engine states and limits',
        description:
          "Everyone sees each engine's plain state; the operator (Authorization: Bearer <SEMA_ADMIN_TOKEN>) also sees why an engine is not ready, with its paths and upstream errors, and Redis's detail.",
        response: {
          200: {
            description: 'The status as JSON, or a page people can read when a browser asks for HTML',
            content: {
              'application/json': { schema: StatusResponse },
              'text/html': { schema: Type.String({ description: 'The same facts as a readable page' }) },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const operator = app.isOperator(request);
      const engines = Object.fromEntries(
        ENGINES.map((name) => {
          const engine = app.engineStatus.get(name)?.() ?? {
            state: 'disabled',
            detail: 'Not part of this server',
          };
          return [name, operator ? engine : publicEngine(engine)];
        }),
      ) as StatusResponse['engines'];
      reply.header('Cache-Control', 'no-store');
      const answer = {
        status: overallStatus(Object.values(engines)),
        version: SEMA_VERSION,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
        timestamp: new Date().toISOString(),
        engines,
        redis: operator ? app.redis.status() : { state: app.redis.status().state },
        // Where texts go, so the web app's About page can say it truthfully for this server.
        data_handling: {
          translation: TRANSLATION_DATA[app.config.translation.engine],
          chat: CHAT_DATA[app.config.chat.provider],
        },
        api_key_required: app.apiKeys.enabled,
        web_access: app.apiKeys.webAccess,
        languages_version: listVersion(app.translation.servedLanguages()),
        response_times: { translate: app.recentTranslations.summary() },
        limits: {
          max_text_chars: app.config.maxTextChars,
          rate_limit: app.config.rateLimit?.raw ?? null,
          max_document_bytes: app.config.documents.maxFileBytes,
          max_document_chars: app.config.documents.maxChars,
          max_chat_input_chars: app.config.chat.maxInputChars,
        },
      };
      // A browser opening /status gets a page people can read; API clients keep the JSON.
      if (wantsPage(request.headers.accept)) {
        const raw: FastifyReply = reply;
        return raw.type('text/html; charset=utf-8').send(statusPage(answer));
      }
      return answer;
    },
  );
};

export default status;
