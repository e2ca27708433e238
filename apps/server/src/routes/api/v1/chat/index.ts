import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChatRequest, ChatResponse } from '@sema/shared/api/chat';
import { chatResponses } from './responses.ts';
import { semaEncoder, sendEncodedStream, startChatAnswer } from '../../../../chat/chat-reply.ts';

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
      const answer = startChatAnswer(request, reply);
      if (!request.body.stream) return app.chat.complete(request.body, answer.signal, answer.meter);

      const events = app.chat.stream(request.body, answer.signal, answer.meter);
      // Failures before the first event (bad input, upstream 401/429, no model) keep their HTTP status.
      const first = await events.next();
      if (first.done) throw new Error('chat stream ended without a done event');
      // The schema types the JSON answer; a stream is sent through the untyped reply.
      return sendEncodedStream(reply, answer, { first: first.value, rest: events }, semaEncoder(request.log));
    },
  );
};

export default chat;
