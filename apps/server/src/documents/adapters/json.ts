import { parseTree, visit, type JSONPath, type Node } from 'jsonc-parser';
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { DocumentAdapter, DocumentLimits, ExtractedDocument } from '../types.ts';
import { hasSlots, isMachineString, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';
import { addedPluralsNote, missingPlurals } from './plural-forms.ts';
import { localeInName } from '../output-name.ts';

/**
 * JSON, e.g. an app's message catalogue (i18next, react-intl). String values are translated; keys,
 * numbers, booleans and nulls, formatting, key order and placeholders ({name}, {{count}}, %s,
 * <0>…</0>, $t(key)) stay as they were; the messages of ICU plurals and selects are translated.
 * Values that are data (URLs, paths, identifiers) are left alone. Only the source range of each
 * changed string literal is rewritten. i18next plural keys (`message_one`, `message_other`) get the
 * categories the target language needs and the file lacks (Arabic's `_zero`, `_two`, `_few`,
 * `_many`), after the group's last key, from the translation of `_other`, and the note says so.
 */
export const jsonAdapter: DocumentAdapter = {
  format: 'json',
  outputName: localeInName({}),
  mimeType: 'application/json',
  textual: true,
  extract: ({ text }, limits, context) =>
    extractJson(text, limits, {
      target: context.target,
      i18nextPlurals: true,
    }),
};

export interface JsonRules {
  /** Values at these paths stay as they are (an ARB file's `@` metadata). */
  keep?: (path: JSONPath) => boolean;
  /** A new value for the string at `path`, or undefined (an ARB file's `@@locale`). */
  replace?: (path: JSONPath) => string | undefined;
  /** i18next plural key groups get the categories the target needs and they lack. */
  i18nextPlurals?: boolean;
  /** Catalogue code of the target language. */
  target?: string;
  /** Every value is an ICU message (ARB): a brace or apostrophe a translation brings is quoted. */
  icuMessages?: boolean;
}

/** The JSON adapter's reading, with the rules of a JSON-based format on top. */
export function extractJson(text: string, limits: DocumentLimits, rules: JsonRules = {}): ExtractedDocument {
  checkDepth(text, limits.maxJsonDepth);
  try {
    JSON.parse(text);
  } catch (error) {
    throw documentError('INVALID_DOCUMENT', `The file is not valid JSON: ${(error as Error).message}`);
  }
  const segments: string[] = [];
  const strings: Array<{ offset: number; length: number; pieces: Pieces }> = [];
  visit(text, {
    onLiteralValue(value: unknown, offset, length, _line, _column, pathSupplier) {
      if (typeof value !== 'string') return;
      const path = rules.keep || rules.replace ? pathSupplier() : [];
      const replacement = rules.replace?.(path);
      if (replacement !== undefined) strings.push({ offset, length, pieces: [replacement] });
      if (replacement !== undefined || isMachineString(value) || rules.keep?.(path)) return;
      const pieces = splitPlaceholders(value, segments, { icu: rules.icuMessages ?? false });
      if (hasSlots(pieces)) strings.push({ offset, length, pieces });
    },
  });
  const stringAt = new Map(strings.map((string) => [string.offset, string]));
  const additions = rules.i18nextPlurals
    ? missingPluralKeys(text, rules.target, (offset) => stringAt.get(offset))
    : [];
  const added = additions.reduce((sum, { keys }) => sum + keys.length, 0);
  const note = addedPluralsNote(
    rules.target,
    added,
    additions.length,
    ['i18next plural group', 'i18next plural groups'],
    '"_other"',
  );
  return {
    segments,
    ...(note ? { note } : {}),
    rebuild: (translations) =>
      replaceRanges(text, [
        ...strings.map(({ offset, length, pieces }) => ({
          start: offset,
          end: offset + length,
          text: JSON.stringify(joinPieces(pieces, translations)),
        })),
        ...additions.map(({ at, keys, layout, other }) => ({
          start: at,
          end: at,
          text: keys
            .map(
              (key) =>
                `,${layout.beforeKey}${JSON.stringify(key)}${layout.afterKey}${JSON.stringify(joinPieces(other.pieces, translations))}`,
            )
            .join(''),
        })),
      ]),
  };
}

const I18NEXT_PLURAL_KEY = /^(.+)_(zero|one|two|few|many|other)$/;

interface PluralAddition {
  /** Where the new keys go: the end of the group's last property. */
  at: number;
  keys: string[];
  /** The whitespace before a key and between a key and its value, as the group's last key has them. */
  layout: { beforeKey: string; afterKey: string };
  /** The `_other` string, whose translation the new keys take. */
  other: { pieces: Pieces };
}

/**
 * The i18next plural groups (a `_other` key and at least one other category beside it, in one object;
 * ordinal `_ordinal_` groups aside, their categories differ) that lack categories the target needs.
 */
function missingPluralKeys(
  text: string,
  target: string | undefined,
  translatedAt: (offset: number) => { pieces: Pieces } | undefined,
): PluralAddition[] {
  const additions: PluralAddition[] = [];
  const objects: Node[] = [];
  const root = parseTree(text);
  if (root) objects.push(root);
  while (objects.length > 0) {
    const node = objects.pop()!;
    for (const child of node.children ?? [])
      if (child.type === 'object' || child.type === 'array' || child.type === 'property') objects.push(child);
    if (node.type !== 'object') continue;
    const groups = new Map<string, Array<{ category: string; property: Node }>>();
    for (const property of node.children ?? []) {
      const [keyNode, valueNode] = property.children ?? [];
      const match = I18NEXT_PLURAL_KEY.exec(String(keyNode?.value));
      if (!match || valueNode?.type !== 'string' || match[1]!.endsWith('_ordinal')) continue;
      const group = groups.get(match[1]!) ?? [];
      group.push({ category: match[2]!, property });
      groups.set(match[1]!, group);
    }
    for (const [base, group] of groups) {
      const otherValue = group.find(({ category }) => category === 'other')?.property.children?.[1];
      const other = otherValue && translatedAt(otherValue.offset);
      const keys = missingPlurals(
        target,
        group.map((entry) => entry.category),
      ).map((category) => `${base}_${category}`);
      if (!other || group.length < 2 || keys.length === 0) continue;
      const last = group.reduce((a, b) => (b.property.offset > a.property.offset ? b : a)).property;
      const [keyNode, valueNode] = last.children!;
      additions.push({
        at: last.offset + last.length,
        keys,
        layout: {
          beforeKey: text.slice(whitespaceStart(text, keyNode!.offset), keyNode!.offset),
          afterKey: text.slice(keyNode!.offset + keyNode!.length, valueNode!.offset),
        },
        other,
      });
    }
  }
  return additions;
}

/** Where the run of whitespace that ends at `end` begins. */
export function whitespaceStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && /\s/.test(text[start - 1]!)) start -= 1;
  return start;
}

/**
 * Refuses deep nesting before any parser sees it: a linear scan, with no recursion to overflow.
 */
export function checkDepth(text: string, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > maxDepth) {
        throw documentError(
          'INVALID_DOCUMENT',
          `The JSON is nested more than ${maxDepth} levels deep, which is refused.`,
        );
      }
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
}
