/**
 * OpenAI's Responses API (`POST /v1/responses`) for text conversations: a decoder from its request
 * (`input` as a string or as messages, `instructions`) to a chat turn, and an encoder from the turn's
 * events to its response object or its typed stream events (`response.created`,
 * `response.output_text.delta`, … `response.completed`). The AI SDK's default OpenAI provider and
 * LangChain's `useResponsesApi` speak it. This server keeps no responses: a conversation is sent
 * whole each time (no `previous_response_id`), and tools, files and images are refused.
 *
 * A model that reasons gets a reasoning output item before its message, as OpenAI's clients read it:
 * with `reasoning.summary` asked for, the reasoning is the item's summary (the
 * `response.reasoning_summary_part.*` and `response.reasoning_summary_text.*` events) — the model's
 * reasoning as it wrote it, not shortened, as this server has nothing to summarise it with; without,
 * it is the item's `reasoning_text` content (`response.reasoning_text.*`), as OpenAI's open-weight
 * models answer.
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
  reasoning: nullable(
    Type.Object({
      effort: nullable(Type.String({ maxLength: 20 })),
      summary: nullable(Type.String({ maxLength: 20 })),
    }),
  ),
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

/** Why an answer is incomplete, in the Responses API's words; null when it is complete. */
function incompleteOf(end: Done | TranslatedChatResponse | undefined) {
  if (end?.finish_reason === 'length') return { reason: 'max_output_tokens' };
  if (end?.finish_reason === 'content_filter') return { reason: 'content_filter' };
  return null;
}

/** Writes one response in the Responses API's shapes. */
export class ResponsesEncoder implements StreamEncoder<TranslatedChatEvent, ResponsesEvent> {
  private readonly id: string;
  private readonly messageId = `msg_${randomUUID().replaceAll('-', '')}`;
  private readonly reasoningId = `rs_${randomUUID().replaceAll('-', '')}`;
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

  /** Whether the request asked for a reasoning summary (`auto`, `concise`, `detailed`). */
  private get summarised(): boolean {
    return Boolean(this.body.reasoning?.summary);
  }

  /** The response object, in progress (`end` absent) or finished, with its output items. */
  private response(output: object[], end?: Done | TranslatedChatResponse, sema?: Record<string, unknown>) {
    const incomplete = incompleteOf(end);
    const interrupted = end !== undefined && 'interrupted' in end && end.interrupted === true;
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
      output,
      parallel_tool_calls: false,
      previous_response_id: null,
      reasoning: {
        effort: this.body.reasoning?.effort ?? null,
        summary: this.body.reasoning?.summary ?? null,
      },
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

  /** The reasoning item: the text as its summary when one was asked for, else as its content. */
  private reasoningItem(text: string, status: string) {
    return {
      type: 'reasoning',
      id: this.reasoningId,
      status,
      summary: this.summarised && text ? [{ type: 'summary_text', text }] : [],
      ...(this.summarised ? {} : { content: text ? [{ type: 'reasoning_text', text }] : [] }),
      encrypted_content: null,
    };
  }

  /** The finished output: the reasoning item when the model reasoned, then the message. */
  private output(reasoning: string, text: string, end: Done | TranslatedChatResponse) {
    const status = incompleteOf(end) ? 'incomplete' : 'completed';
    return [...(reasoning ? [this.reasoningItem(reasoning, 'completed')] : []), this.message(text, status)];
  }

  whole(answer: TranslatedChatResponse) {
    return this.response(this.output(answer.reasoning, answer.content, answer), answer, semaFields(answer));
  }

  async *encode(events: AsyncIterable<TranslatedChatEvent>): AsyncGenerator<ResponsesEvent> {
    // The reasoning item (output 0) while the model reasons, then the message: each opened at its
    // first piece, the reasoning closed when the answer begins.
    let reasoning = '';
    let reasoningOpen = false;
    let messageIndex: number | undefined;
    let text = '';
    const thinking = { item_id: this.reasoningId, output_index: 0 };
    const where = () => ({ item_id: this.messageId, output_index: messageIndex!, content_index: 0 });
    const summary = (more: object) => ({ ...thinking, summary_index: 0, ...more });
    const closeReasoning = (): ResponsesEvent[] => {
      if (!reasoningOpen) return [];
      reasoningOpen = false;
      const part = { type: 'summary_text', text: reasoning };
      return [
        ...(this.summarised
          ? [
              { type: 'response.reasoning_summary_text.done', ...summary({ text: reasoning }) },
              { type: 'response.reasoning_summary_part.done', ...summary({ part }) },
            ]
          : [{ type: 'response.reasoning_text.done', ...thinking, content_index: 0, text: reasoning }]),
        {
          type: 'response.output_item.done',
          output_index: 0,
          item: this.reasoningItem(reasoning, 'completed'),
        },
      ];
    };
    const openMessage = (): ResponsesEvent[] => {
      if (messageIndex !== undefined) return [];
      const closing = closeReasoning();
      messageIndex = reasoning ? 1 : 0;
      return [
        ...closing,
        {
          type: 'response.output_item.added',
          output_index: messageIndex,
          item: { ...this.message('', 'in_progress'), content: [] },
        },
        {
          type: 'response.content_part.added',
          ...where(),
          part: { type: 'output_text', text: '', annotations: [] },
        },
      ];
    };
    yield { type: 'response.created', response: this.response([]) };
    yield { type: 'response.in_progress', response: this.response([]) };
    for await (const event of events) {
      if (event.type === 'reasoning' && messageIndex === undefined && event.text) {
        if (!reasoningOpen) {
          reasoningOpen = true;
          yield {
            type: 'response.output_item.added',
            output_index: 0,
            item: this.reasoningItem('', 'in_progress'),
          };
          if (this.summarised)
            yield {
              type: 'response.reasoning_summary_part.added',
              ...summary({ part: { type: 'summary_text', text: '' } }),
            };
        }
        reasoning += event.text;
        yield this.summarised
          ? { type: 'response.reasoning_summary_text.delta', ...summary({ delta: event.text }) }
          : { type: 'response.reasoning_text.delta', ...thinking, content_index: 0, delta: event.text };
      } else if (event.type === 'translation') {
        yield* openMessage();
        text += event.text;
        yield { type: 'response.output_text.delta', ...where(), delta: event.text, logprobs: [] };
      } else if (event.type === 'done') {
        yield* openMessage();
        const final = this.response(this.output(reasoning, text, event), event);
        yield { type: 'response.output_text.done', ...where(), text, logprobs: [] };
        yield {
          type: 'response.content_part.done',
          ...where(),
          part: { type: 'output_text', text, annotations: [] },
        };
        yield {
          type: 'response.output_item.done',
          output_index: messageIndex,
          item: final.output[messageIndex!],
        };
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
