import fp from 'fastify-plugin';
import { ClientCaps } from '../../lib/client-caps.ts';

/** Long-running work one client may run at once, counted per kind in this process. */
export interface ClientCapsService {
  chats: ClientCaps;
  /** Document translations, through any API (inline, streamed or as a job). */
  documents: ClientCaps;
}

declare module 'fastify' {
  interface FastifyInstance {
    clientCaps: ClientCapsService;
  }
}

/** The per-client caps (SEMA_MAX_CHATS_PER_CLIENT, SEMA_MAX_DOCUMENTS_PER_CLIENT), one per kind for the whole app. */
export default fp(
  async (app) => {
    app.decorate('clientCaps', {
      chats: new ClientCaps(app.config.maxChatsPerClient, 'chat answers'),
      documents: new ClientCaps(app.config.maxDocumentsPerClient, 'document translations'),
    } satisfies ClientCapsService);
  },
  { name: 'client-caps' },
);
