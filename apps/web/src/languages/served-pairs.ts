/**
 * Which languages the server's list offers each picker, and the chosen pair mended to what it
 * serves. Apart from the filter (language-filter.ts, with the region data), so that the home
 * screen's first chunk can keep a remembered pair servable without it.
 */
import type { LanguagesResponse, LanguageWithCode } from '@sema/shared/api/schemas';
import { ENGLISH } from '@sema/shared/languages/english';

/** Every language of the response, sorted by English name. */
export function toLanguageList(response: LanguagesResponse | undefined): LanguageWithCode[] {
  if (!response) return [];
  return Object.entries(response.languages)
    .map(([code, language]) => ({ code, ...language }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The languages a picker offers, sorted as {@link toLanguageList}. A server says in `targets_of`
 * which languages do not go into every other one (pair models, a language only written): the
 * source picker leaves out those with no target, and the target picker lists what `source`
 * reaches (while the source is not known yet, as with Auto Detect, every language something
 * reaches).
 */
export function pickerLanguages(
  response: LanguagesResponse | undefined,
  kind: 'source' | 'target',
  source?: string,
): LanguageWithCode[] {
  const list = toLanguageList(response);
  const targetsOf = response?.targets_of;
  if (!targetsOf) return list;
  if (kind === 'source') return list.filter((language) => targetsOf[language.code]?.length !== 0);
  const reached = source === undefined ? undefined : targetsOf[source];
  if (reached) return list.filter((language) => reached.includes(language.code));
  if (source !== undefined && source in (response?.languages ?? {})) {
    return list.filter((language) => language.code !== source);
  }
  // Any language with every target reaches them all; otherwise, the union of the lists.
  if (list.some((language) => targetsOf[language.code] === undefined)) return list;
  const any = new Set(Object.values(targetsOf).flat());
  return list.filter((language) => any.has(language.code));
}

/**
 * The chosen pair as the server's list allows it: a source it does not read goes back to Auto
 * Detect (`auto`), and a target it does not write from that source (its models changed, a pair
 * model's source) becomes English, or else the first target offered. The same pair when it is
 * servable, or when the list is not known.
 */
export function servablePair(
  response: LanguagesResponse | undefined,
  pair: { source: string; target: string },
  auto: string,
): { source: string; target: string } {
  if (!response) return pair;
  const offers = (list: LanguageWithCode[], code: string) => list.some((language) => language.code === code);
  const source =
    pair.source === auto || offers(pickerLanguages(response, 'source'), pair.source) ? pair.source : auto;
  const targets = pickerLanguages(response, 'target', source === auto ? undefined : source);
  if (targets.length === 0 || offers(targets, pair.target)) return { source, target: pair.target };
  const target = offers(targets, ENGLISH) ? ENGLISH : targets[0]!.code;
  return { source, target };
}
