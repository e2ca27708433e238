import { chatHandler } from './chat';
import { documentHandler } from './document';
import { translateTextHandler } from './translate-text';
import type { SendHandler, SendRequest } from './types';

/**
 * The one place that decides what Send does: a file goes to the document handler, otherwise the
 * mode chooses. Add a case here (and a handler file beside it) for a new kind of send.
 */
export function pickSendHandler(request: SendRequest): SendHandler {
  if (request.file) return documentHandler;
  return request.mode === 'translate' ? translateTextHandler : chatHandler;
}
