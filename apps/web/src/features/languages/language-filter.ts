import type { LanguagesResponse, LanguageWithCode } from '@sema/shared/api/schemas';
import { regionsOf } from '@sema/shared/languages/also-spoken-in';
import { POPULAR_CODES } from '@sema/shared/languages/popular';

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

/** Every language of the response, sorted by English name. */
export function toLanguageList(response: LanguagesResponse | undefined): LanguageWithCode[] {
  if (!response) return [];
  return Object.entries(response.languages)
    .map(([code, language]) => ({ code, ...language }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** Lower case without accents, so 'francais' finds 'Français'. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

function matchesQuery(language: LanguageWithCode, foldedQuery: string): boolean {
  return (
    fold(language.name).includes(foldedQuery) ||
    fold(language.native_name).includes(foldedQuery) ||
    language.code.toLowerCase().includes(foldedQuery)
  );
}

/**
 * Languages under a tab and a search, in display order (the popular tab keeps the spec's order). A
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
  return folded ? list.filter((language) => matchesQuery(language, folded)) : list;
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
