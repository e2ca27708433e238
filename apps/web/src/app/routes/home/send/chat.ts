import { UI_ERRORS } from '@sema/shared/errors';

import type { SendHandler } from './types';

/**
 * Chat mode. The chat back end is its own piece of work; until it is wired here, a chat send ends
 * with the spec's chat failure message.
 */
export const chatHandler: SendHandler = async (_request, { updateReply }) => {
  updateReply({ kind: 'text', isLoading: false, error: true, content: UI_ERRORS.chat });
};
