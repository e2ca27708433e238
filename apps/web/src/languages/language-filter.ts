import type { LanguageWithCode } from '@sema/shared/api/schemas';
import { regionsOf } from '@sema/shared/languages/also-spoken-in';
import { POPULAR_CODES } from '@sema/shared/languages/popular';

import { languageTag } from './language-tag';

/** The picker's filter tabs, in order: the spec's, then Oceania. */
export const LANGUAGE_FILTERS = [
  'All',
  'Popular',
  'Africa',
  'Europe',
  'Asia',
  'Americas',
  'Oceania',
] as const;
export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];

/** Lower case without accents, so 'francais' finds 'Français'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/** The short tag people know a language by: 'fr' for fra_Latn, 'sw' for swh_Latn ('' when none). */
function shortTag(code: string): string {
  return (languageTag(code) ?? '').split('-')[0]!.toLowerCase();
}

/** Words of a name, split at spaces, hyphens, brackets and the like ('Acehnese (Arabic script)'). */
function wordsOf(foldedName: string): string[] {
  return foldedName.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
}

/**
 * How well a language answers a search, lower is better, or undefined when it does not match:
 * 0 its name, native name, code, the code's language part or its short tag is the search
 * ('arabic', 'en', 'fra', 'fra_latn'); 1 a name starts with it; 2 a word of a name starts with it
 * ('arab' in 'Acehnese (Arabic script)'); 3 the code starts with it; 4 it is somewhere inside.
 */
function matchRank(language: LanguageWithCode, foldedQuery: string): number | undefined {
  const names = [fold(language.name), fold(language.native_name)];
  const code = language.code.toLowerCase();
  const exact = [...names, code, code.split('_')[0]!, shortTag(language.code)];
  if (exact.includes(foldedQuery)) return 0;
  if (names.some((name) => name.startsWith(foldedQuery))) return 1;
  if (names.some((name) => wordsOf(name).some((word) => word.startsWith(foldedQuery)))) return 2;
  if (code.startsWith(foldedQuery)) return 3;
  if (names.some((name) => name.includes(foldedQuery)) || code.includes(foldedQuery)) return 4;
  return undefined;
}

const POPULARITY = new Map<string, number>(POPULAR_CODES.map((code, index) => [code, index]));

/**
 * The languages a search finds, best first: by {@link matchRank}, then popular languages (in the
 * popular set's order), then the list's own order. Enter picks the first.
 */
function rankBySearch(list: readonly LanguageWithCode[], foldedQuery: string): LanguageWithCode[] {
  return list
    .map((language, index) => ({ language, index, rank: matchRank(language, foldedQuery) }))
    .filter((entry): entry is typeof entry & { rank: number } => entry.rank !== undefined)
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (POPULARITY.get(a.language.code) ?? POPULARITY.size) -
          (POPULARITY.get(b.language.code) ?? POPULARITY.size) ||
        a.index - b.index,
    )
    .map((entry) => entry.language);
}

/**
 * Languages under a tab and a search, in display order: with no search, by English name (the
 * popular tab keeps the spec's order); with one, best match first ({@link rankBySearch}). A
 * region tab lists every language spoken there, so a language may be under several.
 */
export function filterLanguages(
  languages: readonly LanguageWithCode[],
  filter: LanguageFilter,
  query: string,
) {
  let list: LanguageWithCode[];
  if (filter === 'All') list = [...languages];
  else if (filter === 'Popular') {
    const byCode = new Map(languages.map((language) => [language.code, language]));
    list = POPULAR_CODES.map((code) => byCode.get(code)).filter((language) => language !== undefined);
  } else list = languages.filter((language) => regionsOf(language).includes(filter));
  const folded = fold(query.trim());
  return folded ? rankBySearch(list, folded) : list;
}

/**
 * Whether the source picker's Auto Detect entry is listed: a search matches it when it contains
 * 'auto' or 'detect'; with no search it belongs to All and Popular, not to a region
 * (so an empty region tab says so instead of showing Auto Detect alone).
 */
export function autoDetectMatches(query: string, filter: LanguageFilter = 'All'): boolean {
  const folded = fold(query.trim());
  if (folded === '') return filter === 'All' || filter === 'Popular';
  return folded.includes('auto') || folded.includes('detect');
}

/**
 * Why the list is empty: 'No languages found for {filter}' when the tab is what hides
 * the search's languages (or a tab has none), else 'No languages found matching "{query}"'.
 */
export function emptyListMessage(
  filter: LanguageFilter,
  query: string,
  languages: readonly LanguageWithCode[] = [],
): string {
  const search = query.trim();
  if (!search) return `No languages found for ${filter}`;
  const foundElsewhere = filter !== 'All' && filterLanguages(languages, 'All', search).length > 0;
  return foundElsewhere ? `No languages found for ${filter}` : `No languages found matching "${search}"`;
}
