import { isBlank } from '@sema/shared/validation';

import { runDocumentTranslation } from '@/features/documents';

import type { SendHandler } from './types';

/**
 * A file sent in translate mode: the document is translated with the current languages and the reply
 * shows progress, a preview and a download; a file the server refuses gets the server's reason.
 * (In chat mode a file is the context of a chat message: see `chat.ts`.)
 */
export const documentHandler: SendHandler = async (request, { setReply }) => {
  const file = request.file;
  if (!file) {
    setReply({ kind: 'failure', error: true, content: 'No file was attached.' });
    return;
  }
  await runDocumentTranslation(
    { file, sourceLanguage: request.sourceLanguage, targetLanguage: request.targetLanguage },
    ({ reply, content, error, technical, detectedLanguage }) =>
      setReply({
        kind: 'document',
        document: reply,
        content: error ?? content,
        error: error !== undefined,
        ...(technical ? { technicalDetail: technical } : {}),
        // The composer said so while it was typed; the reply says it again beside the result.
        ...(isBlank(request.text) ? {} : { textNotUsed: true }),
        ...(detectedLanguage ? { detectedLanguage } : {}),
      }),
  );
};
