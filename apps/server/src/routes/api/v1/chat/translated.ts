import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TranslatedChatRequest, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import { chatResponses } from './responses.ts';
import { replyWithTurn, semaEncoder, type ChatAnswer } from '../../../../chat/chat-reply.ts';
import { tenantOf } from '../../../../lib/tenant.ts';
import { ApiError } from '../../../../lib/errors.ts';
import type { DocumentText } from '@sema/shared/chat/document-context';

/**
 * POST /api/v1/chat/translated: chat in the user's language in one request (the server detects,
 * translates, answers and translates back), as JSON or as server-sent events.
 */
const translatedChat: FastifyPluginAsyncTypebox = async (app) => {
  /** The document a turn is about: its reading, kept by the documents route, or its text as sent. */
  const documentOf = async (
    document: NonNullable<TranslatedChatRequest['document']>,
    tenant: string,
  ): Promise<DocumentText> => {
    if (!('id' in document))
      return { fileName: document.name, english: document.english, truncated: document.truncated ?? false };
    const reading = await app.documents.readings.find(document.id, tenant);
    if (!reading) {
      throw new ApiError(
        404,
        'DOCUMENT_NOT_FOUND',
        `No document read with reading_id "${document.id}" (a reading is kept for an hour, for the key that made it): read the document again`,
      );
    }
    return reading;
  };
  app.post(
    '/translated',
    {
      config: { policy: 'work' },
      schema: {
        tags: ['chat'],
        summary: "Chat in the user's language (one request per turn)",
        description:
          "Sends the conversation in the user's language. The server detects the last message's language (or takes `language`), " +
          'translates the question and earlier turns to English (earlier turns may carry their `english` to skip that), ' +
          "streams the model's English answer, and translates each finished sentence, list item or table row back as it completes " +
          '(never inside code, a URL or a link target; protected spans kept). ' +
          'With `stream: true`, server-sent events, one JSON object per `data:` line: ' +
          '`language` (code, confidence, how it was decided), `question` (the English question), `reasoning`, `english` (English deltas), ' +
          "`translation` (the next piece of the answer in the user's language, in order), then `done` (whole answer in both languages, model, tokens, timings) or `error`. " +
          "The `language` event carries the turn's `turn_id`: POST /api/v1/chat/turns/{turn_id}/stop stops the model, and the stream still ends with what it wrote, translated, in a `done` marked `interrupted`. Closing the connection stops the model and the translations at once. Errors before the answer starts keep their HTTP status, as on POST /api/v1/chat.",
        body: TranslatedChatRequest,
        response: chatResponses(TranslatedChatResponse, 'TranslatedChatEvent objects, then done or error', {
          glossaries: true,
        }),
      },
    },
    async (request, reply) => {
      const { body } = request;
      const document = body.document && (await documentOf(body.document, tenantOf(request)));
      const turn = (answer: ChatAnswer) =>
        app.translatedChat.turn(
          {
            messages: body.messages,
            tenant: tenantOf(request),
            meter: answer.meter,
            interrupted: answer.interrupted,
            language: body.language,
            conversationLanguage: body.conversation_language,
            ...(body.glossary_id ? { glossaryId: body.glossary_id } : {}),
            ...(document ? { document } : {}),
            maxTokens: body.max_tokens,
            temperature: body.temperature,
            stop: body.stop,
            topP: body.top_p,
          },
          answer.signal,
        );
      return replyWithTurn(request, reply, turn, {
        stream: body.stream === true,
        encoder: () => semaEncoder(request.log),
      });
    },
  );
};

export default translatedChat;
