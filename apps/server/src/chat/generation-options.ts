/** What a client asked of a chat turn's generation, and the chat service's request for it. */
import type { ChatMessage, ChatRequest } from '@sema/shared/api/chat';

/** What the client asked of the generation, in the chat service's words: only what it sent. */
export interface GenerationOptions {
  maxTokens?: number;
  temperature?: number;
  stop?: string | string[];
  topP?: number;
  reasoningEffort?: string;
  user?: string;
}

export function streamedChatRequest(messages: ChatMessage[], options: GenerationOptions): ChatRequest {
  return {
    messages,
    max_tokens: options.maxTokens,
    temperature: options.temperature,
    stop: options.stop,
    top_p: options.topP,
    reasoning_effort: options.reasoningEffort,
    user: options.user,
    stream: true,
  };
}
