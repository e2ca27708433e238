/**
 * OpenAI's APIs at `/v1`, so that any OpenAI client — Open WebUI, LibreChat, SillyTavern, n8n,
 * editors' AI plugins, the `openai` package, the AI SDK, LangChain — chats in the user's language by
 * pointing its base URL at `http://host:3000/v1`: chat completions (chat-completions.ts) and the
 * Responses API (responses.ts), each a decoder and an encoder over the one chat turn
 * (chat/chat-turn.ts). Two models:
 * - `sema-translated/<model>`: the translated turn (the same pipeline as /api/v1/chat/translated);
 *   the answer is in the user's language;
 * - `<model>`: the configured model as it is, untranslated (the same service as /api/v1/chat).
 * What clients may safely ignore rides along in a `sema` field: the detected language and its
 * confidence, the English question and answer, and where the time went.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Static, TObject } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { replyWithTurn, turnOwner, type ChatAnswer, type TurnEncoder } from '../../../chat/chat-reply.ts';
import { chatTurn, type ChatTurnRequest } from '../../../chat/chat-turn.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { answerInProtocolShape, CompatError } from '../compat-errors.ts';
import { ChatCompletionsBody, CompletionEncoder, decodeChatCompletions } from './chat-completions.ts';
import { errorBody, openAiStatus, quotaHeaders } from './errors.ts';
import { decodeResponses, ResponsesBody, ResponsesEncoder } from './responses.ts';

/** The prefix of the translated model ids: `sema-translated/<upstream model>`. */
export const TRANSLATED_PREFIX = 'sema-translated/';

interface Models {
  upstream: string;
  translated: string;
}

export default async function openai(plain: FastifyInstance): Promise<void> {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  answerInProtocolShape(app, {
    status: openAiStatus,
    body: errorBody,
    headers: quotaHeaders,
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
  const open = { schema: { hide: true }, config: { policy: 'open' } } as const;
  const work = { config: { policy: 'work' } } as const;
  const models = (): Models => {
    const upstream = app.chat.provider.model || 'default';
    return { upstream, translated: `${TRANSLATED_PREFIX}${upstream}` };
  };
  // Models are listed with the server's start as their creation time: a stable number clients sort by.
  const created = Math.floor(Date.now() / 1000);

  /** Which model a request names: the translated one, the plain one, or a 404. */
  const translatedModel = (id: string): { translated: boolean; model: string } => {
    const available = models();
    const translated = id === available.translated || id === 'sema-translated';
    if (!translated && id !== available.upstream) throw modelNotFound(id, available);
    return { translated, model: translated ? available.translated : available.upstream };
  };

  /** The turn a decoded request asks for, as the request's tenant. */
  const turnOf = (request: FastifyRequest, turn: ChatTurnRequest) => (answer: ChatAnswer) =>
    chatTurn(app, turn, tenantOf(request), answer);

  app.get('/v1/models', open, async () => {
    const { upstream, translated } = models();
    return {
      object: 'list',
      data: [translated, upstream].map((id) => ({ id, object: 'model', created, owned_by: 'sema' })),
    };
  });

  app.get('/v1/models/*', open, async (request) => {
    const id = (request.params as { '*': string })['*'];
    translatedModel(id);
    return { id, object: 'model', created, owned_by: 'sema' };
  });

  /**
   * One OpenAI protocol over the one chat turn: `open` decodes its body into the turn and says
   * whether to stream and how to encode the answer.
   */
  const serveTurns = <Body extends TObject, W>(
    url: string,
    body: Body,
    open: (
      body: Static<Body>,
      translated: boolean,
      model: string,
      log: FastifyBaseLogger,
    ) => { turn: ChatTurnRequest; stream: boolean; encoder: (turnId: string) => TurnEncoder<W> },
  ) =>
    app.post(url, { ...work, schema: { hide: true, body } }, async (request, reply) => {
      const decoded = request.body as Static<Body> & { model: string };
      const { translated, model } = translatedModel(decoded.model.trim());
      const { turn, stream, encoder } = open(decoded, translated, model, request.log);
      return replyWithTurn(request, reply, turnOf(request, turn), { stream, encoder });
    });

  serveTurns('/v1/chat/completions', ChatCompletionsBody, (body, translated, model, log) => {
    const turn = decodeChatCompletions(body, translated);
    return {
      turn,
      stream: turn.stream,
      encoder: (turnId) => new CompletionEncoder(turnId, model, turn.includeUsage, log),
    };
  });

  serveTurns('/v1/responses', ResponsesBody, (body, translated, model, log) => ({
    turn: decodeResponses(body, translated),
    stream: body.stream === true,
    encoder: (turnId) => new ResponsesEncoder(turnId, model, body, log),
  }));

  // The Responses API's cancel (the `openai` package's `responses.cancel(id)`): stops a streamed
  // response as a stop request does (chat/running-turns.ts); it ends with what was written.
  app.post('/v1/responses/:id/cancel', { ...work, schema: { hide: true } }, async (request) => {
    const { id } = request.params as { id: string };
    if (!(await app.chatTurns.stop(id, turnOwner(request)))) {
      throw new CompatError(404, `No response '${id.slice(0, 100)}' is running on this server`, 'id');
    }
    return { id, object: 'response', status: 'cancelled' };
  });
}

function modelNotFound(id: string, { upstream, translated }: Models): CompatError {
  return new CompatError(
    404,
    `The model '${id.slice(0, 200)}' does not exist on this server: use '${translated}' (answers in the user's language) or '${upstream}' (as the model writes)`,
    'model',
    'MODEL_NOT_FOUND',
  );
}
