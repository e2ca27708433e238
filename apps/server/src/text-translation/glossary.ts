/**
 * A request's glossaries: its own `glossary` entries (`term → translation`, checked against the one
 * set of glossary limits and compiled) and a stored glossary by id, checked against the language
 * pair each text is translated in (under auto: the detected pair).
 */
import { GLOSSARY_LIMITS } from '@sema/shared/api/glossaries';
import { mergedEntries, type GlossaryService } from '../glossaries/service.ts';
import type { Tenant } from '../lib/tenant.ts';
import { compileGlossary, type Glossary } from '../translation/protected-spans.ts';
import { TextRefusalError } from './refusals.ts';

/** The glossary fields of a request, as any protocol carries them. */
export interface GlossaryFields {
  /** The request's own entries; they win over a stored glossary's for the same term. */
  entries?: Readonly<Record<string, string>> | undefined;
  /** A stored glossary's id. */
  id?: string | undefined;
  /** Who asks (lib/tenant.ts): a stored glossary is found only among its own and the shared ones. */
  tenant: Tenant;
}

/**
 * Which glossary applies to a text translated in a pair, or a refusal when the stored glossary is
 * for another pair (`index` names the text in a list).
 */
export type GlossaryFor = (source: string, target: string, index?: number) => Glossary | undefined;

function requestEntries(entries: Readonly<Record<string, string>> | undefined): Glossary | undefined {
  if (!entries) return undefined;
  const terms = Object.entries(entries);
  const refuse = (problem: string) => new TextRefusalError({ kind: 'glossary-invalid', problem });
  const { requestTerms, termChars, translationChars } = GLOSSARY_LIMITS;
  if (terms.length > requestTerms) throw refuse(`at most ${requestTerms} terms (got ${terms.length})`);
  for (const [term, translation] of terms) {
    if (!term.trim()) throw refuse('a term must not be empty');
    if (term.length > termChars) throw refuse(`a term is at most ${termChars} characters`);
    if (translation.length > translationChars) {
      throw refuse(`a translation is at most ${translationChars} characters`);
    }
  }
  return compileGlossary(entries);
}

/**
 * Reads both fields: the entries must be within the limits (422), a stored glossary must exist (404)
 * and be for the pair each text is translated in (422).
 */
export async function resolveGlossary(
  glossaries: GlossaryService,
  fields: GlossaryFields | undefined,
): Promise<GlossaryFor> {
  const own = requestEntries(fields?.entries);
  if (fields?.id === undefined) return () => own;
  const id = fields.id.trim();
  const loaded = await glossaries.load(fields.tenant, id);
  if (!loaded) throw new TextRefusalError({ kind: 'glossary-not-found', id });
  const { stored } = loaded;
  const glossary = fields.entries
    ? compileGlossary(mergedEntries(stored.entries, fields.entries))
    : loaded.compiled;
  return (source, target, index) => {
    if (source === stored.source && target === stored.target) return glossary;
    throw new TextRefusalError({
      kind: 'glossary-mismatch',
      name: stored.name,
      glossary: { source: stored.source, target: stored.target },
      asked: { source, target },
      ...(index !== undefined ? { index } : {}),
    });
  };
}
