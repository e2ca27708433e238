/**
 * The contract of POST /api/v1/chat. The server validates with these schemas and documents them in
 * OpenAPI; the web app takes its types from them.
 */
import { Type, type Static, type TProperties } from '@sinclair/typebox';
import { CHAT_SYSTEM_PROMPT } from './chat-prompt.ts';

/** Bounds of a chat request. The total input size is a server setting, reported by /status. */
export const CHAT_LIMITS = {
  maxTokens: 8192,
  maxTemperature: 2,
  maxMessages: 200,
} as const;

/**
 * How the model writes: length and sampling, passed to it as they are (every provider understands
 * them), and only when the client sent them: without `max_tokens` an answer is as long as the model
 * makes it (a local model stops at 1000 tokens).
 */
export const CHAT_GENERATION_FIELDS = {
  max_tokens: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: CHAT_LIMITS.maxTokens,
      description: "Most new tokens; unset, the model's own limit (1000 for a local model)",
    }),
  ),
  temperature: Type.Optional(
    Type.Number({
      minimum: 0,
      maximum: CHAT_LIMITS.maxTemperature,
      description: "Sampling temperature; unset, the model's default",
    }),
  ),
  stop: Type.Optional(
    Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { maxItems: 4 })], {
      description: 'Up to 4 sequences where the model stops writing (in its own language: English)',
    }),
  ),
  top_p: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Nucleus sampling' })),
  reasoning_effort: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 20,
      description: 'How hard a reasoning model thinks (low, medium, high), passed on',
    }),
  ),
  user: Type.Optional(
    Type.String({ maxLength: 256, description: "The end user's id, passed on to the model's provider" }),
  ),
};

/** How an answer ended and what it cost in tokens: the same on every chat surface. */
export const ANSWER_END_FIELDS = {
  finish_reason: Type.String({
    description:
      'Why the model stopped, as its provider said: `stop` (finished), `length` (cut at max_tokens or the model limit), `content_filter`, …',
  }),
  prompt_tokens: Type.Optional(
    Type.Integer({ description: 'Tokens of the conversation, when the provider says' }),
  ),
  completion_tokens: Type.Optional(
    Type.Integer({ description: 'Tokens of the answer, when the provider says' }),
  ),
};

export const ChatRole = Type.Union(
  [Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')],
  {
    description: 'Who wrote the message',
  },
);
export type ChatRole = Static<typeof ChatRole>;

/**
 * A chat request: the conversation (one message or more, at most `CHAT_LIMITS.maxMessages`, ending
 * with `answered`), the surface's own `fields`, `stream`, then how the model writes; nothing else is
 * taken. A message is its role, its text (`content` says what the text is on this surface) and the
 * surface's `messageFields`.
 */
export const chatRequest = <M extends TProperties, P extends TProperties>(request: {
  $id: string;
  content: string;
  messageFields: M;
  answered: string;
  fields: P;
  /** What `stream` is documented as, where the route's description does not say it. */
  stream?: string;
  examples: unknown[];
}) =>
  Type.Object(
    {
      messages: Type.Array(
        Type.Object(
          {
            role: ChatRole,
            content: Type.String({ description: request.content }),
            ...request.messageFields,
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: CHAT_LIMITS.maxMessages,
          description: `The conversation so far, oldest first, ending with ${request.answered}`,
        },
      ),
      ...request.fields,
      stream: Type.Optional(
        Type.Boolean({ default: false, ...(request.stream ? { description: request.stream } : {}) }),
      ),
      ...CHAT_GENERATION_FIELDS,
    },
    { $id: request.$id, additionalProperties: false, examples: request.examples },
  );

export const ChatRequest = chatRequest({
  $id: 'ChatRequest',
  content:
    'The message text. Earlier answers may keep their <think> reasoning: it is stripped before the model sees it.',
  messageFields: {},
  answered: 'the message to answer',
  fields: {},
  stream: 'Answer as server-sent events (ChatStreamEvent), one JSON object per event',
  examples: [
    {
      messages: [
        { role: 'system', content: CHAT_SYSTEM_PROMPT },
        { role: 'user', content: 'What is the capital of Kenya?' },
      ],
      max_tokens: 1000,
      temperature: 0.7,
    },
  ],
});
export type ChatRequest = Static<typeof ChatRequest>;
export type ChatMessage = ChatRequest['messages'][number];

export const ChatResponse = Type.Object(
  {
    content: Type.String({ description: 'The answer, without the reasoning' }),
    reasoning: Type.String({
      description: "The model's reasoning, separated from the answer (empty when it gave none)",
    }),
    model: Type.String(),
    processingTime: Type.Number({ description: 'Milliseconds spent on the server' }),
    tokens: Type.Integer({
      description: 'Total tokens used (prompt + completion), 0 when the provider does not say',
    }),
    ...ANSWER_END_FIELDS,
  },
  {
    $id: 'ChatResponse',
    examples: [
      {
        content: 'The capital of Kenya is Nairobi.',
        reasoning: 'The user asks for a capital city.',
        model: 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
        processingTime: 2140,
        tokens: 58,
        finish_reason: 'stop',
        prompt_tokens: 40,
        completion_tokens: 18,
      },
    ],
  },
);
export type ChatResponse = Static<typeof ChatResponse>;

/** One server-sent event of a streamed answer; `done` or `error` always ends the stream. */
export const ChatStreamEvent = Type.Union(
  [
    Type.Object({ type: Type.Literal('reasoning'), text: Type.String() }),
    Type.Object({ type: Type.Literal('content'), text: Type.String() }),
    Type.Object({
      type: Type.Literal('done'),
      model: Type.String(),
      tokens: Type.Integer(),
      processingTime: Type.Number({ description: 'Milliseconds' }),
      ...ANSWER_END_FIELDS,
    }),
    Type.Object({ type: Type.Literal('error'), detail: Type.String(), code: Type.String() }),
  ],
  { $id: 'ChatStreamEvent' },
);
export type ChatStreamEvent = Static<typeof ChatStreamEvent>;
