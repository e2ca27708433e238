/**
 * OpenAI's Responses API (`POST /v1/responses`) for text conversations: a decoder from its request
 * (`input` as a string or as messages, `instructions`) to a chat turn, and an encoder from the turn's
 * events to its response object or its typed stream events (`response.created`,
 * `response.output_text.delta`, … `response.completed`). The AI SDK's default OpenAI provider and
 * LangChain's `useResponsesApi` speak it. This server keeps no responses: a conversation is sent
 * whole each time (no `previous_response_id`), and tools, files and images are refused.
 */
import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_LIMITS } from '@sema/shared/api/chat';
import type { TranslatedChatEvent, TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import type { StreamEncoder } from '../../../chat/chat-reply.ts';
import type { ChatTurnRequest } from '../../../chat/chat-turn.ts';
import { defined, nullable, Part, present, refuse, SAMPLING, semaFields, textOf } from './common.ts';
import { openAiCode, streamFailure } from './errors.ts';

const Item = Type.Object({
  type: Type.Optional(Type.String()),
  role: Type.Optional(
    Type.Union([
      Type.Literal('user'),
      Type.Literal('assistant'),
      Type.Literal('system'),
      Type.Literal('developer'),
    ]),
  ),
  content: Type.Optional(Type.Union([Type.String(), Type.Array(Part)])),
});

export const ResponsesBody = Type.Object({
  model: Type.String({ minLength: 1 }),
  input: Type.Union([Type.String(), Type.Array(Item, { minItems: 1, maxItems: CHAT_LIMITS.maxMessages })]),
  instructions: nullable(Type.String()),
  max_output_tokens: nullable(Type.Integer({ minimum: 1, maximum: CHAT_LIMITS.maxTokens })),
  ...SAMPLING,
  reasoning: nullable(Type.Object({ effort: nullable(Type.String({ maxLength: 20 })) })),
  text: nullable(Type.Object({ format: Type.Optional(Type.Object({ type: Type.String() })) })),
  previous_response_id: nullable(Type.String()),
  tools: Type.Optional(Type.Unknown()),
  metadata: nullable(Type.Record(Type.String(), Type.String())),
});
export type ResponsesBody = Static<typeof ResponsesBody>;

/** The part types that carry text: what a user, a system prompt or an earlier answer wrote. */
const TEXT_PARTS = new Set(['input_text', 'output_text', 'text']);

/** The turn a Responses request asks for (the model is resolved by the route). */
export function decodeResponses(body: ResponsesBody, translated: boolean): ChatTurnRequest {
  if (present(body.tools)) {
    throw refuse('Tools are not supported on this server', 'tools');
  }
  if (body.previous_response_id) {
    throw refuse(
      'previous_response_id is not supported: this server stores no responses, send the whole conversation in input',
      'previous_response_id',
    );
  }
  const format = body.text?.format?.type;
  if (format !== undefined && format !== 'text') {
    throw refuse(`text.format ${format} is not supported on this server: only text`, 'text.format');
  }
  const input =
    typeof body.input === 'string' ? [{ role: 'user' as const, content: body.input }] : body.input;
  const messages = input.map((item, index) => {
    if (item.type !== undefined && item.type !== 'message') {
      throw refuse(
        `input[${index}]: only messages are supported on this server, not ${item.type}`,
        `input[${index}]`,
      );
    }
    if (!item.role) throw refuse(`input[${index}].role is required`, `input[${index}].role`);
    const content = textOf(item.content, TEXT_PARTS, `input[${index}].content`);
    return { role: item.role === 'developer' ? 'system' : item.role, content } as const;
  });
  const instructions = body.instructions ? [{ role: 'system' as const, content: body.instructions }] : [];
  return {
    translated,
    messages: [...instructions, ...messages],
    ...defined({
      maxTokens: body.max_output_tokens ?? undefined,
      temperature: body.temperature ?? undefined,
      topP: body.top_p ?? undefined,
      reasoningEffort: body.reasoning?.effort ?? undefined,
      user: body.user ?? undefined,
    }),
  };
}

type Done = Extract<TranslatedChatEvent, { type: 'done' }>;
type ResponsesEvent = { type: string } & Record<string, unknown>;

/** Writes one response in the Responses API's shapes. */
export class ResponsesEncoder implements StreamEncoder<TranslatedChatEvent, ResponsesEvent> {
  private readonly id: string;
  private readonly messageId = `msg_${randomUUID().replaceAll('-', '')}`;
  private readonly created = Math.floor(Date.now() / 1000);
  private sequence = 0;

  /** `turnId`: the turn's id, which `POST /v1/responses/{id}/cancel` names. */
  constructor(
    turnId: string,
    private readonly model: string,
    private readonly body: ResponsesBody,
    private readonly log: FastifyBaseLogger,
  ) {
    this.id = `resp_${turnId}`;
  }

  /** Each event on its own `event:` line too, as OpenAI writes them. */
  readonly format = (event: ResponsesEvent) =>
    `event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: this.sequence++ })}\n\n`;

  /** The response object, in progress (`end` absent) or finished. */
  private response(text?: string, end?: Done | TranslatedChatResponse, sema?: Record<string, unknown>) {
    const incomplete =
      end?.finish_reason === 'length'
        ? { reason: 'max_output_tokens' }
        : end?.finish_reason === 'content_filter'
          ? { reason: 'content_filter' }
          : null;
    const interrupted = end?.interrupted === true;
    return {
      id: this.id,
      object: 'response',
      created_at: this.created,
      // A response its client stopped (POST /v1/responses/{id}/cancel) ends cancelled.
      status: end ? (interrupted ? 'cancelled' : incomplete ? 'incomplete' : 'completed') : 'in_progress',
      error: null,
      incomplete_details: incomplete,
      instructions: this.body.instructions ?? null,
      max_output_tokens: this.body.max_output_tokens ?? null,
      model: this.model,
      output: text === undefined ? [] : [this.message(text, incomplete ? 'incomplete' : 'completed')],
      parallel_tool_calls: false,
      previous_response_id: null,
      reasoning: { effort: this.body.reasoning?.effort ?? null, summary: null },
      store: false,
      temperature: this.body.temperature ?? null,
      text: { format: { type: 'text' } },
      tool_choice: 'none',
      tools: [],
      top_p: this.body.top_p ?? null,
      truncation: 'disabled',
      usage: end ? usage(end) : null,
      user: this.body.user ?? null,
      metadata: this.body.metadata ?? {},
      ...(sema ? { sema } : {}),
    };
  }

  private message(text: string, status: string) {
    return {
      type: 'message',
      id: this.messageId,
      status,
      role: 'assistant',
      content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
    };
  }

  whole(answer: TranslatedChatResponse) {
    return this.response(answer.content, answer, semaFields(answer));
  }

  async *encode(events: AsyncIterable<TranslatedChatEvent>): AsyncGenerator<ResponsesEvent> {
    const where = { item_id: this.messageId, output_index: 0, content_index: 0 };
    let text = '';
    yield { type: 'response.created', response: this.response() };
    yield { type: 'response.in_progress', response: this.response() };
    yield {
      type: 'response.output_item.added',
      output_index: 0,
      item: { ...this.message('', 'in_progress'), content: [] },
    };
    yield {
      type: 'response.content_part.added',
      ...where,
      part: { type: 'output_text', text: '', annotations: [] },
    };
    for await (const event of events) {
      if (event.type === 'translation') {
        text += event.text;
        yield { type: 'response.output_text.delta', ...where, delta: event.text, logprobs: [] };
      } else if (event.type === 'done') {
        const final = this.response(text, event);
        yield { type: 'response.output_text.done', ...where, text, logprobs: [] };
        yield {
          type: 'response.content_part.done',
          ...where,
          part: { type: 'output_text', text, annotations: [] },
        };
        yield { type: 'response.output_item.done', output_index: 0, item: final.output[0] };
        yield {
          type: final.status === 'completed' ? 'response.completed' : 'response.incomplete',
          response: final,
        };
      }
    }
  }

  error(failure: unknown): ResponsesEvent {
    const known = streamFailure(failure, this.log);
    return { type: 'error', code: openAiCode(known), message: known.message, param: null };
  }
}

/** The Responses API's usage object from the turn's token counts. */
function usage(end: Pick<Done, 'tokens' | 'prompt_tokens' | 'completion_tokens'>) {
  const input = end.prompt_tokens ?? 0;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: end.completion_tokens ?? end.tokens - input,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: end.tokens,
  };
}
