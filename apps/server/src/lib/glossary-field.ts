/** The `glossary` field of translate requests: `term → translation`, checked and compiled. */
import { compileGlossary, type Glossary } from '../translation/protected-spans.ts';
import { ApiError } from './errors.ts';

export const GLOSSARY_LIMITS = { terms: 100, termChars: 100, targetChars: 200 } as const;

/** The compiled glossary, none for an absent or empty one, or a 422 saying what is wrong. */
export function glossaryField(entries: Readonly<Record<string, string>> | undefined): Glossary | undefined {
  if (!entries) return undefined;
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
  return compileGlossary(entries);
}
