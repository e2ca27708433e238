import type { StatusResponse } from '@sema/shared/api/schemas';

/** What the About page says about where texts go, one sentence for translation and one for chat. */
export interface DataHandlingText {
  translation: string;
  chat: string;
}

const TRANSLATION = {
  this_server:
    'Translation runs on this server: the text you translate is not sent to anyone else for translation.',
  other_servers:
    'This server sends the text you translate to other translation servers it is set up to use, which may be run by someone else.',
} as const;

const CHAT = {
  this_server: 'Chat answers come from a model on this server: your messages are not sent to anyone else.',
  external_provider:
    'Chat messages (in English, after translation) are sent to an outside chat provider this server is set up to use, which handles them under its own terms.',
  off: 'Chat is turned off on this server, so no chat message is sent anywhere.',
} as const;

/**
 * Where this server sends texts, from its own configuration (the status's `data_handling`), or
 * undefined when it does not say (an older server): then the page promises nothing.
 */
export function dataHandlingText(status: StatusResponse | undefined): DataHandlingText | undefined {
  const handling = status?.data_handling;
  if (!handling) return undefined;
  return {
    translation: TRANSLATION[handling.translation],
    chat: CHAT[handling.chat],
  };
}
