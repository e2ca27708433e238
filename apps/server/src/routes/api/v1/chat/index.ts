import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { ChatRequest, ChatResponse, type ChatStreamEvent } from '@sema/shared/api/chat';
import type { TranslatedChatEvent, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import { chatResponses } from './responses.ts';
import { replyWithTurn, type ChatAnswer, type TurnEncoder } from '../../../../chat/chat-reply.ts';
import { chatErrorEvent } from '../../../../chat/chat-errors.ts';
import { plainTurn } from '../../../../chat/chat-turn.ts';

/** POST /api/v1/chat: one answer as JSON, or streamed as server-sent events with `stream: true`. */
const chat: FastifyPluginAsyncTypebox = async (app) => {
  const limit = app.config.chat.maxInputChars;
  app.post(
    '/',
    {
      config: { policy: 'work' },
      schema: {
        tags: ['chat'],
        summary: 'Chat with the assistant',
        description:
          'Sends the conversation (oldest first, ending with the user message) to the configured model. ' +
          "The model's reasoning is separated from the answer, and reasoning in earlier assistant messages is removed before the model sees them. " +
          'With `stream: true` the answer comes as server-sent events, each `data:` line one JSON object: ' +
          '`{"type":"reasoning","text"}`, `{"type":"content","text"}`, then `{"type":"done","model","tokens","prompt_tokens","completion_tokens","finish_reason","processingTime"}` ' +
          'or `{"type":"error","detail","code"}`. Closing the connection stops the generation. ' +
          `Limits: the model sees at most ${limit} characters (older turns past it are left out; a longer last message is refused), max_tokens 1 to 8192 and temperature 0 to 2, sent to the model only when given (a local model stops at 1000 tokens without max_tokens). ` +
          'Errors: AUTH_ERROR, RATE_LIMIT (429), NETWORK_ERROR (502/504), CHAT_ERROR (502), CHAT_NOT_CONFIGURED (503); ' +
          `TOO_MANY_CONCURRENT (429) past ${app.config.maxChatsPerClient} answers at once from one client (its API key, else its address).`,
        body: ChatRequest,
        response: chatResponses(
          ChatResponse,
          'ChatStreamEvent objects, one per data: line, then done or error',
        ),
      },
    },
    async (request, reply) => {
      const { body } = request;
      // The same turn as every other chat surface (chat/chat-turn.ts), the model as it is.
      const turn = (answer: ChatAnswer) =>
        plainTurn(
          app.chat,
          {
            messages: body.messages,
            maxTokens: body.max_tokens,
            temperature: body.temperature,
            stop: body.stop,
            topP: body.top_p,
            reasoningEffort: body.reasoning_effort,
            user: body.user,
          },
          answer,
        );
      return replyWithTurn(request, reply, turn, {
        stream: body.stream === true,
        encoder: () => plainChatEncoder(request.log),
      });
    },
  );
};

/** This route's shapes of a turn: `ChatResponse` whole, `ChatStreamEvent`s streamed. */
function plainChatEncoder(log: FastifyBaseLogger): TurnEncoder<ChatStreamEvent> {
  const end = (
    answer: Omit<Extract<TranslatedChatEvent, { type: 'done' }>, 'type'> | TranslatedChatResponse,
  ) => ({
    model: answer.model,
    processingTime: answer.processingTime,
    tokens: answer.tokens,
    finish_reason: answer.finish_reason,
    ...(answer.prompt_tokens === undefined ? {} : { prompt_tokens: answer.prompt_tokens }),
    ...(answer.completion_tokens === undefined ? {} : { completion_tokens: answer.completion_tokens }),
  });
  return {
    whole: (answer): ChatResponse => ({
      content: answer.content,
      // The reasoning as a whole, without the line breaks that ended its last piece.
      reasoning: answer.reasoning.trim(),
      ...end(answer),
    }),
    async *encode(events) {
      for await (const event of events) {
        if (event.type === 'reasoning') yield event;
        else if (event.type === 'translation') yield { type: 'content', text: event.text };
        else if (event.type === 'done') yield { type: 'done', ...end(event) };
      }
    },
    error: (failure) => chatErrorEvent(failure, log),
  };
}

export default chat;
