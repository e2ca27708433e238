/**
 * The contract of POST /api/v1/chat/translated: chat in the user's language in one request. The
 * server detects the message's language, translates the question to English, streams the model's
 * English answer and translates each finished unit (sentence, list item, table row) back as it
 * completes. The web app and API clients read the same events.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ANSWER_END_FIELDS, chatRequest } from './chat.ts';

export const TranslatedChatRequest = chatRequest({
  $id: 'TranslatedChatRequest',
  content: "The message as the user saw it: in the user's language",
  messageFields: {
    english: Type.Optional(
      Type.String({
        description:
          'The English the model saw or wrote for this message, when the client kept it (earlier turns): saves translating it again',
      }),
    ),
  },
  answered: 'the user message to answer',
  fields: {
    language: Type.Optional(
      Type.String({
        default: 'auto',
        examples: ['auto', 'swh_Latn', 'sw'],
        description:
          "The user's language (any code the API takes), or `auto`: detected from the last message, falling back to the conversation's earlier language when a short message is detected with little confidence",
      }),
    ),
    conversation_language: Type.Optional(
      Type.String({
        examples: ['swh_Latn'],
        description:
          "The conversation's language so far, when the client knows it: the fallback for a short message detected with little confidence (else the earlier user messages are detected)",
      }),
    ),
    document: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              id: Type.String({
                maxLength: 64,
                description:
                  'The `reading_id` of the document read in English (POST /api/v1/translate/document with output=text and target_language eng_Latn), kept for an hour',
              }),
            },
            { additionalProperties: false },
          ),
          Type.Object(
            {
              name: Type.String({ maxLength: 255 }),
              english: Type.String({
                description: "The document's text in English (read with /api/v1/translate/document)",
              }),
              truncated: Type.Optional(Type.Boolean({ description: 'Only its beginning is given' })),
            },
            { additionalProperties: false },
          ),
        ],
        {
          description:
            'A document the last message is about, named by its reading (`id`) or given as text: the model reads it in English before the question',
        },
      ),
    ),
    glossary_id: Type.Optional(
      Type.String({
        description:
          "A stored glossary, applied in the direction it is made for: the user's language → English (the question) or English → the user's language (the answer)",
      }),
    ),
  },
  examples: [{ messages: [{ role: 'user', content: 'Mji mkuu wa Kenya ni upi?' }], stream: true }],
});
export type TranslatedChatRequest = Static<typeof TranslatedChatRequest>;
export type TranslatedChatMessage = TranslatedChatRequest['messages'][number];

/** Where the time of a turn went, in milliseconds from the request's arrival. */
export const TranslatedChatTimings = Type.Object({
  language: Type.Number({ description: 'Language known (detected or given)' }),
  question: Type.Number({ description: 'Question in English, sent to the model' }),
  firstEnglish: Type.Optional(Type.Number({ description: "The model's first answer text" })),
  firstTranslation: Type.Optional(
    Type.Number({ description: 'The first translated unit sent (absent when nothing was translated)' }),
  ),
  total: Type.Number(),
  units: Type.Optional(
    Type.Array(Type.Number(), {
      description:
        'For each translated unit, in order: milliseconds from the model finishing it in English to its translation being sent',
    }),
  ),
});
export type TranslatedChatTimings = Static<typeof TranslatedChatTimings>;

const LanguageFields = {
  language: Type.String({ description: "The user's language (catalogue code): the answer is in it" }),
  confidence: Type.Optional(
    Type.Number({ description: 'The detector confidence, when the language was detected from this message' }),
  ),
  language_source: Type.Union(
    [
      Type.Literal('given'),
      Type.Literal('detected'),
      Type.Literal('previous-turn'),
      Type.Literal('no-letters'),
    ],
    {
      description:
        '`given` by the request, `detected` from the message, `previous-turn` (a short message detected with little confidence keeps the conversation language), `no-letters` (digits, symbols: sent as English)',
    },
  ),
};

/** One server-sent event of a translated turn; `done` or `error` always ends the stream. */
export const TranslatedChatEvent = Type.Union(
  [
    Type.Object({
      type: Type.Literal('language'),
      ...LanguageFields,
      turn_id: Type.Optional(
        Type.String({
          description:
            "The turn's id on a streamed answer: POST /api/v1/chat/turns/{turn_id}/stop stops the model, and the answer ends with what it wrote, translated, in a `done` event marked `interrupted`",
        }),
      ),
    }),
    Type.Object({ type: Type.Literal('question'), english: Type.String() }),
    Type.Object({ type: Type.Literal('reasoning'), text: Type.String() }),
    Type.Object({ type: Type.Literal('english'), text: Type.String() }),
    Type.Object({
      type: Type.Literal('translation'),
      text: Type.String({
        description: "The next piece of the answer in the user's language, in order: append it",
      }),
    }),
    Type.Object({
      type: Type.Literal('done'),
      model: Type.String(),
      tokens: Type.Integer(),
      processingTime: Type.Number({ description: 'Milliseconds' }),
      english: Type.String({ description: 'The whole English answer' }),
      content: Type.String({ description: "The whole answer in the user's language" }),
      translation_failed: Type.Boolean({
        description: 'The answer could not be translated back: `content` is the English answer',
      }),
      interrupted: Type.Boolean({
        description:
          'The client stopped the answer (its stop request): `content` is what the model wrote until then',
      }),
      timings: TranslatedChatTimings,
      ...ANSWER_END_FIELDS,
    }),
    Type.Object({ type: Type.Literal('error'), detail: Type.String(), code: Type.String() }),
  ],
  { $id: 'TranslatedChatEvent' },
);
export type TranslatedChatEvent = Static<typeof TranslatedChatEvent>;

export const TranslatedChatResponse = Type.Object(
  {
    content: Type.String({ description: "The answer in the user's language" }),
    english: Type.String({ description: 'The English answer the model wrote' }),
    question_english: Type.String({ description: 'The question as the model read it' }),
    reasoning: Type.String(),
    ...LanguageFields,
    translation_failed: Type.Boolean(),
    interrupted: Type.Boolean(),
    model: Type.String(),
    tokens: Type.Integer(),
    processingTime: Type.Number(),
    timings: TranslatedChatTimings,
    ...ANSWER_END_FIELDS,
  },
  { $id: 'TranslatedChatResponse' },
);
export type TranslatedChatResponse = Static<typeof TranslatedChatResponse>;
