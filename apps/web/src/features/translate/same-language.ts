import { AUTO } from '@sema/shared/validation';

/**
 * The language the text is already in, when that is the target: an explicit source equal to the
 * target, or Auto Detect having found the target's language in the text being typed. Sending it
 * would only echo the text back, so the app says so and offers another target instead.
 */
export function alreadyInTarget(
  source: string,
  target: string,
  typedLanguage: string | null | undefined,
): string | null {
  const textLanguage = source === AUTO ? typedLanguage : source;
  return textLanguage && textLanguage === target ? target : null;
}

/** What the notice and a same-language answer say: plain, with the way out. */
export function alreadyInTargetNote(languageName: string): string {
  return `This text is already in ${languageName}. Choose the language to translate it into.`;
}
