/**
 * The glossary fields of translate requests: `glossary` (`term → translation`, checked and
 * compiled) and `glossary_id` (a stored glossary for the request's language pair).
 */
import type { FastifyInstance } from 'fastify';
import { mergedEntries } from '../glossaries/service.ts';
import { compileGlossary, type Glossary } from '../translation/protected-spans.ts';
import { ApiError } from './errors.ts';

export const GLOSSARY_LIMITS = { terms: 100, termChars: 100, targetChars: 200 } as const;

/** The compiled glossary, none for an absent or empty one, or a 422 saying what is wrong. */
export function glossaryField(entries: Readonly<Record<string, string>> | undefined): Glossary | undefined {
  checkGlossaryField(entries);
  return entries ? compileGlossary(entries) : undefined;
}

function checkGlossaryField(entries: Readonly<Record<string, string>> | undefined): void {
  if (!entries) return;
  const terms = Object.entries(entries);
  const refuse = (detail: string) => new ApiError(422, 'VALIDATION_ERROR', `glossary: ${detail}`);
  if (terms.length > GLOSSARY_LIMITS.terms)
    throw refuse(`at most ${GLOSSARY_LIMITS.terms} terms (got ${terms.length})`);
  for (const [term, target] of terms) {
    if (!term.trim()) throw refuse('a term must not be empty');
    if (term.length > GLOSSARY_LIMITS.termChars)
      throw refuse(`a term is at most ${GLOSSARY_LIMITS.termChars} characters`);
    if (target.length > GLOSSARY_LIMITS.targetChars) {
      throw refuse(`a translation is at most ${GLOSSARY_LIMITS.targetChars} characters`);
    }
  }
}

/** Which glossary applies to a text, by its language pair (`where` names the text in an error). */
export type GlossaryFor = (source: string, target: string, where?: string) => Glossary | undefined;

/**
 * Reads both fields of a request. A stored glossary must exist (404) and be for the pair each text
 * is translated in (422: with auto, the pair is the detected one); the request's own entries are
 * added to it and win for the same term.
 */
export async function requestGlossary(
  app: FastifyInstance,
  fields: { glossary?: Record<string, string>; glossary_id?: string },
): Promise<GlossaryFor> {
  const own = glossaryField(fields.glossary);
  if (fields.glossary_id === undefined) return () => own;
  const id = fields.glossary_id.trim();
  const loaded = await app.glossaries.load(id);
  if (!loaded) {
    throw new ApiError(
      404,
      'GLOSSARY_NOT_FOUND',
      `glossary_id: no glossary "${id.slice(0, 64)}" on this server`,
    );
  }
  const { stored: info } = loaded;
  const glossary = fields.glossary
    ? compileGlossary(mergedEntries(info.entries, fields.glossary))
    : loaded.compiled;
  return (source, target, where = '') => {
    if (source === info.source && target === info.target) return glossary;
    throw new ApiError(
      422,
      'GLOSSARY_MISMATCH',
      `glossary_id: the glossary "${info.name}" is for ${info.source} → ${info.target}, not ${source} → ${target}${where}`,
    );
  };
}
