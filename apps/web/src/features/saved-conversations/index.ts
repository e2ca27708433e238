/** What other features use of the saved conversations: saving one, and reading one back. */
export { useSaveConversation } from './api/saved-conversations';
export { loadConversation, titleFrom } from './conversation-store';
