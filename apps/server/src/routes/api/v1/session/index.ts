import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_HEADER, SessionResponse } from '@sema/shared/api/schemas';

/**
 * POST /api/v1/session: the token this server's web app sends (as the session header) instead of an
 * API key while keys are on. Same origin only (no CORS) and rate-limited like the API; the token
 * works only from the address it was given to, and spends that address's monthly budget.
 */
const session: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { policy: 'session' },
      schema: {
        tags: ['status'],
        summary: "The web app's session token",
        description: `With API keys on, a token to send as \`${SESSION_HEADER}\` instead of a key, for an hour, from this client address only, within its monthly budget (SEMA_WEB_MONTHLY_CHARS). \`token\` is null when keys are off, and when the server wants a real key from the web app too (\`key_required\`).`,
        response: { 200: SessionResponse },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return app.apiKeys.session(request);
    },
  );
};

export default session;
