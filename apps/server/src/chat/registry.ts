/**
 * Picks the chat provider the configuration asks for. Routes and services only ever see the
 * `ChatProvider` interface; adding a provider means one file here and one case below.
 */
import path from 'node:path';
import type { Config } from '../config/schema.ts';
import { LocalProvider, type LocalProviderOptions } from './local-provider.ts';
import { OpenAiProvider } from './openai-provider.ts';
import type { ChatProvider } from './provider.ts';
import { UnavailableProvider } from './unavailable-provider.ts';

export interface RegistryContext {
  log: LocalProviderOptions['log'];
}

export function createChatProvider(config: Config, context: RegistryContext): ChatProvider {
  const chat = config.chat;
  switch (chat.provider) {
    case 'openai':
      return new OpenAiProvider({
        baseUrl: chat.baseUrl,
        apiKey: chat.apiKey,
        model: chat.model,
        timeoutMs: chat.timeoutMs,
      });
    case 'local':
      return new LocalProvider({
        model: chat.localModel,
        modelsDirectory: path.join(config.models.cache, 'chat'),
        threads: chat.threads,
        hubEndpoint: config.models.hubUrl,
        hubToken: chat.apiKey,
        retryDelayMs: config.models.retrySeconds * 1000,
        log: context.log,
      });
    case 'none':
      return new UnavailableProvider('SEMA_CHAT_PROVIDER is none');
  }
}
