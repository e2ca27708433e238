/** What other features use of the chat feature: its reply model and the browser-side send path. */
export { displayedAnswer, type ChatReply } from './chat-reply';
export type { DocumentReader } from './document-reading';
export { stopAllGenerations } from './generations';
export { sendChat } from './send-chat';
