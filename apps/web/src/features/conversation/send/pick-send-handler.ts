import { translateTextHandler } from './translate';
import type { SendHandler, SendRequest } from './types';

/**
 * A handler whose code is fetched on its first use: chat and documents bring stream and Markdown
 * parsers that the first screen (translate mode) does not need. A failed fetch is retried next time.
 */
function loadOnFirstUse(load: () => Promise<SendHandler>): SendHandler & { preload: () => void } {
  let loading: Promise<SendHandler> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const handler: SendHandler = async (request, context) => (await get())(request, context);
  return Object.assign(handler, { preload: () => void get().catch(() => undefined) });
}

export const sendHandlers = {
  translate: translateTextHandler,
  chat: loadOnFirstUse(() => import('./chat').then((module) => module.chatHandler)),
  document: loadOnFirstUse(() => import('./document').then((module) => module.documentHandler)),
} satisfies Record<string, SendHandler>;

/**
 * Fetches a handler's code before its first send (on switching to chat, on a staged file), so a
 * send still works if the connection drops in between.
 */
export function preloadSendHandler(kind: 'chat' | 'document'): void {
  sendHandlers[kind].preload();
}

/**
 * The one place that decides what Send does. Chat mode always chats (a file is then the message's
 * context); in translate mode a file goes to the document handler, text to the translation. Add a
 * case here (and a handler file beside it) for a new kind of send.
 */
export function pickSendHandler(request: SendRequest): SendHandler {
  if (request.mode === 'chat') return sendHandlers.chat;
  return request.file ? sendHandlers.document : sendHandlers.translate;
}
