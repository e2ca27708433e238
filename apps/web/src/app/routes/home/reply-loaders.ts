// Chat answers (Markdown, highlighting) and document results are drawn by code fetched the first
// time one is shown (or when the home screen expects one), keeping the first screen small.
export const loadChatAnswer = () => import('@/features/chat/components/chat-answer');
export const loadDocumentReply = () => import('@/features/documents/components/document-reply-content');

/** Starts fetching a renderer before its first reply arrives (on switching to chat, on a staged file). */
export function preloadRenderers(kind: 'chat' | 'document'): void {
  void (kind === 'chat' ? loadChatAnswer() : loadDocumentReply()).catch(() => undefined);
}
