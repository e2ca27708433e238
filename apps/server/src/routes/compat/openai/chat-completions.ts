/**
 * OpenAI's chat completions (`POST /v1/chat/completions`): a decoder from its request to a chat turn
 * and an encoder from the turn's events to its completion object or its `chat.completion.chunk`s.
 * What this server cannot do (tools, images, several choices, JSON modes, log-probabilities) is
 * refused with a sentence naming it, never silently dropped.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { TranslatedChatEvent, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import { CHAT_LIMITS } from '@sema/shared/api/chat';
import type { ChatTurnRequest } from '../../../chat/chat-turn.ts';
import type { StreamEncoder } from '../../../chat/chat-reply.ts';
import { defined, nullable, Part, present, refuse, SAMPLING, semaFields, textOf } from './common.ts';
import type { FastifyBaseLogger } from 'fastify';
import { errorBody, streamFailure } from './errors.ts';

/** A message's content: a string, a list of parts (only text ones are served), or nothing. */
const Content = Type.Union([Type.String(), Type.Null(), Type.Array(Part)]);

const Role = Type.Union([
  Type.Literal('system'),
  Type.Literal('developer'),
  Type.Literal('user'),
  Type.Literal('assistant'),
  Type.Literal('tool'),
  Type.Literal('function'),
]);

const MaxTokens = nullable(Type.Integer({ minimum: 1, maximum: CHAT_LIMITS.maxTokens }));

export const ChatCompletionsBody = Type.Object({
  model: Type.String({ minLength: 1 }),
  messages: Type.Array(
    Type.Object({ role: Role, content: Type.Optional(Content), tool_calls: Type.Optional(Type.Unknown()) }),
    { minItems: 1, maxItems: CHAT_LIMITS.maxMessages },
  ),
  ...SAMPLING,
  stream_options: nullable(Type.Object({ include_usage: Type.Optional(Type.Boolean()) })),
  max_tokens: MaxTokens,
  max_completion_tokens: MaxTokens,
  stop: nullable(
    Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { maxItems: 4 })]),
  ),
  reasoning_effort: nullable(Type.String({ minLength: 1, maxLength: 20 })),
  n: nullable(Type.Integer()),
  logprobs: nullable(Type.Boolean()),
  response_format: nullable(Type.Object({ type: Type.String() })),
  tools: Type.Optional(Type.Unknown()),
  functions: Type.Optional(Type.Unknown()),
});
export type ChatCompletionsBody = Static<typeof ChatCompletionsBody>;

const TOOLS = 'Tools and function calls are not supported on this server';
const TEXT_PARTS = new Set(['text']);

/** The turn a chat completions request asks for (the model is resolved by the route). */
export function decodeChatCompletions(
  body: ChatCompletionsBody,
  translated: boolean,
): ChatTurnRequest & { stream: boolean; includeUsage: boolean } {
  if (present(body.tools) || present(body.functions)) throw refuse(TOOLS, 'tools');
  if (body.n !== undefined && body.n !== null && body.n !== 1)
    throw refuse('n: only 1 choice is supported', 'n');
  if (body.logprobs === true) throw refuse('logprobs are not supported on this server', 'logprobs');
  const format = body.response_format?.type;
  if (format !== undefined && format !== 'text') {
    throw refuse(`response_format ${format} is not supported on this server: only text`, 'response_format');
  }
  const messages = body.messages.map((message, index) => {
    if (message.role === 'tool' || message.role === 'function' || message.tool_calls !== undefined) {
      throw refuse(TOOLS, `messages[${index}].role`);
    }
    // A developer message is the newer name of a system message.
    const role = message.role === 'developer' ? 'system' : message.role;
    return { role, content: textOf(message.content, TEXT_PARTS, `messages[${index}].content`) } as const;
  });
  const maxTokens = body.max_completion_tokens ?? body.max_tokens ?? undefined;
  return {
    translated,
    messages,
    stream: body.stream === true,
    includeUsage: body.stream_options?.include_usage === true,
    ...defined({
      maxTokens,
      temperature: body.temperature ?? undefined,
      topP: body.top_p ?? undefined,
      stop: body.stop === undefined || body.stop === null ? undefined : [body.stop].flat(),
      reasoningEffort: body.reasoning_effort ?? undefined,
      user: body.user ?? undefined,
    }),
  };
}

type Done = Extract<TranslatedChatEvent, { type: 'done' }>;

/** OpenAI's usage object from the turn's token counts. */
function usage(end: Pick<Done, 'tokens' | 'prompt_tokens' | 'completion_tokens'>) {
  const prompt = end.prompt_tokens ?? 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: end.completion_tokens ?? end.tokens - prompt,
    total_tokens: end.tokens,
  };
}

/** Writes one completion in OpenAI's shapes. */
export class CompletionEncoder implements StreamEncoder<TranslatedChatEvent, Record<string, unknown>> {
  private readonly id: string;
  private readonly created = Math.floor(Date.now() / 1000);
  readonly trailer = 'data: [DONE]\n\n';

  /** `turnId`: the turn's id, which a stop request names (with or without this `chatcmpl-`). */
  constructor(
    turnId: string,
    private readonly model: string,
    private readonly includeUsage: boolean,
    private readonly log: FastifyBaseLogger,
  ) {
    this.id = `chatcmpl-${turnId}`;
  }

  whole(answer: TranslatedChatResponse) {
    return {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: answer.content,
            ...(answer.reasoning ? { reasoning_content: answer.reasoning } : {}),
          },
          finish_reason: answer.finish_reason,
          logprobs: null,
        },
      ],
      usage: usage(answer),
      sema: semaFields(answer),
    };
  }

  private chunk(
    delta: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    finish: string | null = null,
  ) {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      ...extra,
    };
  }

  async *encode(events: AsyncIterable<TranslatedChatEvent>): AsyncGenerator<Record<string, unknown>> {
    let language: Record<string, unknown> = {};
    let question = '';
    let started = false;
    const opening = () => {
      const first = !started;
      started = true;
      return first
        ? [
            this.chunk(
              { role: 'assistant', content: '' },
              { sema: { ...language, question_english: question } },
            ),
          ]
        : [];
    };
    for await (const event of events) {
      if (event.type === 'language') {
        const { type: _type, ...fields } = event;
        language = fields;
      } else if (event.type === 'question') question = event.english;
      else if (event.type === 'reasoning')
        yield* [...opening(), this.chunk({ reasoning_content: event.text })];
      else if (event.type === 'translation') yield* [...opening(), this.chunk({ content: event.text })];
      else if (event.type === 'done') {
        const sema = {
          english: event.english,
          translation_failed: event.translation_failed,
          interrupted: event.interrupted,
          upstream_model: event.model,
          timings: event.timings,
        };
        yield* [...opening(), this.chunk({}, { sema }, event.finish_reason)];
        if (this.includeUsage) yield { ...this.chunk({}), choices: [], usage: usage(event) };
      }
    }
  }

  error(failure: unknown): Record<string, unknown> {
    return errorBody(streamFailure(failure, this.log));
  }
}
