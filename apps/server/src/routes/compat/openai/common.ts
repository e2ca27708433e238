/**
 * What OpenAI's two chat APIs (chat completions, the Responses API) read and write the same way:
 * optional-or-null fields, the sampling fields, text out of content parts, refusals naming the
 * field, and the `sema` field clients may ignore.
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { CHAT_LIMITS } from '@sema/shared/api/chat';
import type { TranslatedChatResponse } from '@sema/shared/api/translated-chat';
import { CompatError } from '../compat-errors.ts';

/** A field a client may leave out or send as null (OpenAI's clients send both). */
export const nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** A content part: only those of a text type are served. */
export const Part = Type.Object({ type: Type.String(), text: Type.Optional(Type.String()) });

/** The fields both APIs read the same way. */
export const SAMPLING = {
  temperature: nullable(Type.Number({ minimum: 0, maximum: CHAT_LIMITS.maxTemperature })),
  top_p: nullable(Type.Number({ minimum: 0, maximum: 1 })),
  user: nullable(Type.String({ maxLength: 256 })),
  stream: nullable(Type.Boolean()),
};

/** A 400 in OpenAI's shape naming the field at fault. */
export const refuse = (message: string, param: string) => new CompatError(400, message, param);

/** Whether a client sent a field with something in it (an empty list of tools is no tools). */
export const present = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;

/** The text of a message's content, at `where`; a part of another type than `textTypes` is refused. */
export function textOf(
  content: string | null | undefined | readonly { type: string; text?: string | undefined }[],
  textTypes: ReadonlySet<string>,
  where: string,
): string {
  if (typeof content === 'string') return content;
  return (content ?? [])
    .map((part) => {
      if (textTypes.has(part.type) && typeof part.text === 'string') return part.text;
      throw refuse(`${where}: only text parts are supported on this server, not ${part.type}`, where);
    })
    .join('');
}

/** The fields of `fields` that are set. */
export function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** What clients may safely ignore, on every OpenAI-shaped answer: the language, the English, the timings. */
export function semaFields(answer: TranslatedChatResponse) {
  return {
    language: answer.language,
    confidence: answer.confidence ?? null,
    language_source: answer.language_source,
    question_english: answer.question_english,
    english: answer.english,
    translation_failed: answer.translation_failed,
    upstream_model: answer.model,
    timings: answer.timings,
  };
}
