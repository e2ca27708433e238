import fp from 'fastify-plugin';
import { createChatService, type ChatService } from '../../chat/chat-service.ts';
import { LocalProvider } from '../../chat/local-provider.ts';
import { createChatMetrics } from '../../chat/metrics.ts';
import { createChatProvider } from '../../chat/registry.ts';
import { RunningTurns } from '../../chat/running-turns.ts';
import { TranslatedChat } from '../../chat/translated-chat.ts';
import { catalogueCode } from '../../lib/language-fields.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Chat with the configured provider (OpenAI-compatible endpoint, local GGUF model, or none). */
    chat: ChatService;
    /** Chat in the user's language: one turn detected, translated, answered and translated back. */
    translatedChat: TranslatedChat;
    /** The chat turns this process is answering, by id: what a client's stop request finds. */
    chatTurns: RunningTurns;
  }
}

export default fp(
  async (app) => {
    const log = app.log.child({ service: 'chat' });
    const provider = createChatProvider(app.config, {
      log: {
        info: (message) => log.info(message),
        warn: (message) => log.warn(message),
        error: (message) => log.error(message),
      },
    });
    const service = createChatService(
      provider,
      { maxInputChars: app.config.chat.maxInputChars },
      createChatMetrics(app.metrics),
    );
    app.decorate('chat', service);
    const redis = app.redis.client;
    const turns = new RunningTurns(
      redis
        ? {
            redis,
            listener: redis.duplicate(),
            onError: (error) =>
              log.warn(
                { err: error },
                'Redis could not relay a chat stop: turns are known to their own node meanwhile',
              ),
          }
        : undefined,
    );
    app.decorate('chatTurns', turns);
    app.addHook('onClose', () => turns.close());
    app.decorate(
      'translatedChat',
      new TranslatedChat({
        chat: service,
        detect: (text) => app.sourceDetector.detect(text),
        resolveLanguage: (code) => catalogueCode('language', code),
        // The one text-translation service: limits, protected spans and caching as on every surface.
        translate: async (text, source, target, signal, glossary) =>
          (
            await app.textTranslation.translate(
              { texts: text, source, target, ...(glossary ? { glossary } : {}) },
              signal,
            )
          )[0]!.text,
        maxInputChars: app.config.chat.maxInputChars,
        maxTextChars: app.textTranslation.limits.maxTextChars,
        glossaryPair: async ({ id, tenant }) => {
          const loaded = await app.glossaries.load(tenant, id.trim());
          return loaded && { source: loaded.stored.source, target: loaded.stored.target };
        },
      }),
    );
    app.engineStatus.set('chat', () => service.status());
    // The local model is fetched and loaded at start, like the translation model, so that /status
    // tells the truth from the first moment (loading, ready, or why not) and the first chat does not
    // wait for a download.
    if (provider instanceof LocalProvider) app.addHook('onReady', async () => provider.warmUp());
    app.addHook('onClose', async () => service.close());
    log.info(`chat provider: ${provider.name}${provider.model ? ` (${provider.model})` : ''}`);
    // The web app only tells people that chat is off; how to turn it on is for whoever runs the server.
    const status = provider.status();
    if (status.state === 'disabled') log.warn(status.detail ?? 'chat is turned off');
  },
  { name: 'chat', dependencies: ['engine-status', 'metrics', 'detector', 'text-translation', 'glossaries'] },
);
