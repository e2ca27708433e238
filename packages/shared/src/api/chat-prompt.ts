/**
 * The chat-mode flow's system prompt, without schemas: the web app's first screen imports it
 * without loading the schema builder (TypeBox, ~9 kB gzip) that `chat.ts` needs.
 */
export const CHAT_SYSTEM_PROMPT =
  'You are a helpful AI assistant. Provide clear, accurate, and helpful responses.';
