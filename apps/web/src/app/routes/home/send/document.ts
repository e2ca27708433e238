import type { SendHandler } from './types';

/**
 * A send with a file (translate a document, or ask about it in chat). The document service is its
 * own piece of work; until it is wired here, the reply says so instead of ignoring the file.
 */
export const documentHandler: SendHandler = async (request, { updateReply }) => {
  updateReply({
    kind: 'text',
    isLoading: false,
    error: true,
    content: `Documents are not supported yet, so ${request.file?.name ?? 'the file'} was not ${
      request.mode === 'translate' ? 'translated' : 'read'
    }.`,
  });
};
