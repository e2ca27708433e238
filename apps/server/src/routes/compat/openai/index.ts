/**
 * OpenAI's chat API at `/v1`, so that any OpenAI client — Open WebUI, LibreChat, SillyTavern, n8n,
 * editors' AI plugins, the `openai` package — chats in the user's language by pointing its base URL
 * at `http://host:3000/v1`. Two models:
 * - `sema-translated/<model>`: the translated turn (the same pipeline as /api/v1/chat/translated);
 *   `content` is the answer in the user's language;
 * - `<model>`: the configured model as it is, untranslated (the same service as /api/v1/chat).
 * What clients may safely ignore rides along in a `sema` field: the detected language and its
 * confidence, the English question and answer, and where the time went.
 */
import { tenantOf, type Tenant } from '../../../lib/tenant.ts';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TranslatedChatEvent } from '@sema/shared/api/translated-chat';
import type { ChatStreamEvent } from '@sema/shared/api/chat';
import { CHAT_ERRORS } from '@sema/shared/errors';
import { startChatAnswer, type ChatAnswer } from '../../../chat/chat-reply.ts';
import { answerOf, startTurn } from '../../../chat/translated-turn-stream.ts';
import { ApiError } from '../../../lib/errors.ts';
import { holdOpenStream, SSE_HEADERS, sseData } from '../../../lib/http/sse.ts';
import { answerInProtocolShape, CompatError, type ProtocolFailure } from '../compat-errors.ts';
import { readChatRequest, type OpenAiChatRequest } from './request.ts';

/** The prefix of the translated model ids: `sema-translated/<upstream model>`. */
export const TRANSLATED_PREFIX = 'sema-translated/';

/** OpenAI's error types, by status. */
function errorType(status: number): string {
  if (status === 401 || status === 403) return 'authentication_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Our statuses as OpenAI gives them: a bad request is 400 (never 422), a wrong key 401. */
function openAiStatus(status: number, code?: string): number {
  if (code === 'INVALID_API_KEY' || status === 401) return 401;
  if (status === 422 || status === 413) return 400;
  return status;
}

/** OpenAI's codes where it has one for the same failure; else ours, in lower case. */
function openAiCode({ status, code }: ProtocolFailure): string | null {
  if (code === 'API_KEY_REQUIRED' || code === 'INVALID_API_KEY') return 'invalid_api_key';
  if (code === 'TEXT_TOO_LONG') return 'context_length_exceeded';
  if (code === 'MODEL_NOT_FOUND') return 'model_not_found';
  if (code === 'QUOTA_EXCEEDED') return 'insufficient_quota';
  if (code) return code.toLowerCase();
  return status === 400 ? 'invalid_request' : null;
}

function errorBody(failure: ProtocolFailure): Record<string, unknown> {
  return {
    error: {
      message: failure.message,
      type: errorType(failure.status),
      param: failure.param ?? null,
      code: openAiCode(failure),
    },
  };
}

interface Models {
  upstream: string;
  translated: string;
}

export default async function openai(app: FastifyInstance): Promise<void> {
  answerInProtocolShape(app, {
    status: openAiStatus,
    body: errorBody,
    invalid: 'Invalid request',
    name: 'OpenAI',
    // A refusal of a text the chat translates names the conversation's fields.
    fields: {
      texts: 'messages',
      source: 'language',
      glossaryId: 'glossary_id',
      glossary: 'glossary',
      alternatives: 'alternatives',
    },
  });
  const schema = { hide: true };
  const open = { schema, config: { policy: 'open' } } as const;
  const work = { schema, config: { policy: 'work' } } as const;
  const models = (): Models => {
    const upstream = app.chat.provider.model || 'default';
    return { upstream, translated: `${TRANSLATED_PREFIX}${upstream}` };
  };
  // Models are listed with the server's start as their creation time: a stable number clients sort by.
  const created = Math.floor(Date.now() / 1000);

  app.get('/v1/models', open, async () => {
    const { upstream, translated } = models();
    return {
      object: 'list',
      data: [translated, upstream].map((id) => ({ id, object: 'model', created, owned_by: 'sema' })),
    };
  });

  app.get('/v1/models/*', open, async (request) => {
    const id = (request.params as { '*': string })['*'];
    const { upstream, translated } = models();
    if (id !== upstream && id !== translated) throw modelNotFound(id, models());
    return { id, object: 'model', created, owned_by: 'sema' };
  });

  app.post('/v1/chat/completions', work, async (request, reply) => {
    const body = readChatRequest(request.body);
    const available = models();
    const translated = body.model === available.translated || body.model === 'sema-translated';
    if (!translated && body.model !== available.upstream) throw modelNotFound(body.model, available);
    const model = translated ? available.translated : available.upstream;
    const answer = startChatAnswer(request, reply);
    const completion = new Completion(model);
    const events = translated
      ? translatedEvents(app, tenantOf(request), body, answer)
      : untranslatedEvents(app, body, answer);

    if (!body.stream) return completion.whole(await answerOf(events));

    // Failures before the answer starts (bad input, upstream 401/429, no model) keep their status.
    const { first, rest } = await startTurn(events);
    // OpenAI's chunks and its closing `[DONE]` are written here, not as one JSON object per event.
    holdOpenStream(reply, answer.stop);
    return reply
      .headers(SSE_HEADERS)
      .send(Readable.from(completion.chunks(first, rest, body.includeUsage, answer.signal, request.log)));
  });
}

function modelNotFound(id: string, { upstream, translated }: Models): CompatError {
  const error = new CompatError(
    404,
    `The model '${id.slice(0, 200)}' does not exist on this server: use '${translated}' (answers in the user's language) or '${upstream}' (as the model writes)`,
    'model',
  );
  return Object.assign(error, { code: 'MODEL_NOT_FOUND' });
}

/** The translated turn, as the pipeline gives it. */
function translatedEvents(
  app: FastifyInstance,
  tenant: Tenant,
  body: OpenAiChatRequest,
  { signal, meter }: ChatAnswer,
): AsyncGenerator<TranslatedChatEvent> {
  return app.translatedChat.turn(
    {
      messages: body.messages,
      tenant,
      meter,
      maxTokens: body.maxTokens,
      temperature: body.temperature,
      stop: body.stop,
      topP: body.topP,
    },
    signal,
  );
}

/**
 * The model as it is, in the translated turn's events (the language is whatever the user wrote, so
 * `translation` carries the model's own text): one shape for the completion writer.
 */
async function* untranslatedEvents(
  app: FastifyInstance,
  body: OpenAiChatRequest,
  { signal, meter }: ChatAnswer,
): AsyncGenerator<TranslatedChatEvent> {
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const question = body.messages.at(-1)?.content ?? '';
  const stream = app.chat.stream(
    {
      messages: body.messages.map(({ role, content }) => ({ role, content })),
      max_tokens: body.maxTokens,
      temperature: body.temperature,
      stop: body.stop,
      top_p: body.topP,
      stream: true,
    },
    signal,
    meter,
  );
  let english = '';
  let firstEnglish: number | undefined;
  yield { type: 'language', language: 'und', language_source: 'given' };
  yield { type: 'question', english: question };
  for await (const event of stream as AsyncGenerator<ChatStreamEvent>) {
    if (event.type === 'reasoning') yield event;
    else if (event.type === 'content') {
      firstEnglish ??= since();
      english += event.text;
      yield { type: 'translation', text: event.text };
    } else if (event.type === 'done') {
      yield {
        type: 'done',
        model: event.model,
        tokens: event.tokens,
        processingTime: event.processingTime,
        english,
        content: english,
        translation_failed: false,
        timings: { language: 0, question: 0, firstEnglish, total: since() },
      };
    }
  }
}

/** Writes one completion in OpenAI's shapes. */
class Completion {
  private readonly id = `chatcmpl-${randomUUID().replaceAll('-', '')}`;
  private readonly created = Math.floor(Date.now() / 1000);

  constructor(private readonly model: string) {}

  whole(answer: Awaited<ReturnType<typeof answerOf>>) {
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
          finish_reason: 'stop',
          logprobs: null,
        },
      ],
      // The providers report one total; the split is not known here.
      usage: { prompt_tokens: 0, completion_tokens: answer.tokens, total_tokens: answer.tokens },
      sema: {
        language: answer.language,
        confidence: answer.confidence ?? null,
        language_source: answer.language_source,
        question_english: answer.question_english,
        english: answer.english,
        translation_failed: answer.translation_failed,
        upstream_model: answer.model,
        timings: answer.timings,
      },
    };
  }

  private chunk(
    delta: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    finish: string | null = null,
  ) {
    return sseData({
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      ...extra,
    });
  }

  async *chunks(
    first: TranslatedChatEvent,
    rest: AsyncIterator<TranslatedChatEvent>,
    includeUsage: boolean,
    signal: AbortSignal,
    log: FastifyInstance['log'],
  ): AsyncGenerator<string> {
    let language: Record<string, unknown> = {};
    let question = '';
    let started = false;
    const opening = () => {
      if (started) return '';
      started = true;
      return this.chunk(
        { role: 'assistant', content: '' },
        { sema: { ...language, question_english: question } },
      );
    };
    try {
      for (let event: TranslatedChatEvent | undefined = first; event;) {
        if (event.type === 'language') {
          const { type: _type, ...fields } = event;
          language = fields;
        } else if (event.type === 'question') question = event.english;
        else if (event.type === 'reasoning') yield opening() + this.chunk({ reasoning_content: event.text });
        else if (event.type === 'translation') yield opening() + this.chunk({ content: event.text });
        else if (event.type === 'done') {
          const sema = {
            english: event.english,
            translation_failed: event.translation_failed,
            upstream_model: event.model,
            timings: event.timings,
          };
          yield opening() + this.chunk({}, { sema }, 'stop');
          if (includeUsage) {
            yield sseData({
              id: this.id,
              object: 'chat.completion.chunk',
              created: this.created,
              model: this.model,
              choices: [],
              usage: { prompt_tokens: 0, completion_tokens: event.tokens, total_tokens: event.tokens },
            });
          }
        }
        const next = await rest.next();
        event = next.done ? undefined : next.value;
      }
    } catch (error) {
      // The client left: nobody to tell. Anything else ends the stream with OpenAI's error object.
      if (signal.aborted && !(signal.reason instanceof ApiError)) return;
      const failure = signal.aborted ? signal.reason : error;
      if (!(failure instanceof ApiError)) log.error({ err: failure }, 'OpenAI-compatible chat stream failed');
      const known = failure instanceof ApiError;
      yield sseData(
        errorBody({
          status: known ? openAiStatus(failure.statusCode, failure.code) : 502,
          message: known ? failure.detail : CHAT_ERRORS.CHAT_ERROR,
          code: known ? failure.code : 'CHAT_ERROR',
        }),
      );
    }
    yield 'data: [DONE]\n\n';
  }
}
