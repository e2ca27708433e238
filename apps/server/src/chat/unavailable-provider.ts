/**
 * Stands in when chat is switched off (`SEMA_CHAT_PROVIDER=none`): every request answers 503 with how
 * to turn it on, and /status says the same.
 */
import type { EngineStatus } from '@sema/shared/api/schemas';
import { chatNotConfigured } from './chat-errors.ts';
import type { ChatChunk, ChatCompletion, ChatProvider } from './provider.ts';

export class UnavailableProvider implements ChatProvider {
  readonly name = 'none';
  readonly model = '';

  constructor(private readonly reason: string) {}

  status(): EngineStatus {
    return { state: 'disabled', provider: this.name, detail: chatNotConfigured(this.reason).detail };
  }

  async complete(): Promise<ChatCompletion> {
    throw chatNotConfigured(this.reason);
  }

  // eslint-disable-next-line require-yield -- refuses before producing anything
  async *stream(): AsyncIterable<ChatChunk> {
    throw chatNotConfigured(this.reason);
  }

  async close(): Promise<void> {}
}
