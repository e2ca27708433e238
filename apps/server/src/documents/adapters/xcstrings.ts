/**
 * Xcode String Catalogs (`.xcstrings`): JSON holding, per key, a localization for each language.
 * The source language's localization (or the key itself, for a string never localized) is
 * translated into a new localization for the target language: its `stringUnit`s translated and
 * marked `needs_review` (or `translated` when the caller says no review is needed), its plural and
 * device variations and `substitutions` mirrored, placeholders (`%@`, `%lld`, `%1$@`, `%#@count@`)
 * kept. A plural the target language needs more categories for (Arabic: zero, one, two, few, many,
 * other) gets them, seeded from `other`, and the note says so. Keys marked `shouldTranslate: false`
 * and keys the target language already has are left as they are; the other languages too.
 *
 * Read with jsonc-parser's tree, written back by our own printer in Xcode's layout (two-space
 * indent, `"key" : value`), which is the only layout Xcode writes: JSON.parse would move keys that
 * look like numbers first and lose the numbers' and strings' source text, so the tree keeps every
 * key's order and every untouched value's text as it was.
 */
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { addedPluralsNote, missingPlurals } from './plural-forms.ts';
import type { DocumentAdapter } from '../types.ts';
import { checkDepth } from './json.ts';
import { hasSlots, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';
import { sameName } from '../output-name.ts';

/** A JSON value as read: objects keep their entries in source order, values their source text. */
type Value =
  | { kind: 'object'; entries: Array<[key: string, value: Value, keyText?: string]> }
  | { kind: 'array'; items: Value[] }
  | { kind: 'raw'; text: string }
  | { kind: 'translated'; pieces: Pieces; escapeSlashes: boolean };

export const xcstringsAdapter: DocumentAdapter = {
  format: 'xcstrings',
  outputName: sameName,
  mimeType: 'application/json',
  textual: true,
  extract({ text }, limits, context) {
    checkDepth(text, limits.maxJsonDepth);
    const errors: ParseError[] = [];
    const tree = parseTree(text, errors, { disallowComments: true });
    if (!tree || errors.length > 0 || tree.type !== 'object')
      throw documentError(
        'INVALID_DOCUMENT',
        'The file is not a valid String Catalog (.xcstrings): bad JSON.',
      );
    const root = read(tree, text);
    const strings = field(root, 'strings');
    if (strings?.kind !== 'object')
      throw documentError('INVALID_DOCUMENT', 'The String Catalog has no "strings" object.');
    const target = context.target && toLanguageTag(context.target);
    if (!target) throw documentError('INVALID_DOCUMENT', 'A String Catalog needs a target language.');
    const sourceLanguage = stringOf(field(root, 'sourceLanguage')) ?? 'en';
    const catalogue: Catalogue = {
      segments: [],
      state: context.needsReview ? 'needs_review' : 'translated',
      escapeSlashes: text.includes('\\/'),
      target: context.target,
      added: 0,
      plurals: 0,
    };
    let kept = 0;
    for (const [key, entry] of strings.entries) {
      if (entry.kind !== 'object' || stringOf(field(entry, 'shouldTranslate')) === 'false') continue;
      let localizations = field(entry, 'localizations');
      if (localizations && localizations.kind !== 'object') continue;
      if (localizations && field(localizations, target)) {
        kept += 1;
        continue;
      }
      const source = (localizations && field(localizations, sourceLanguage)) ?? unitOf(key);
      const translated = mirror(source, catalogue);
      if (!translated) continue;
      if (!localizations) {
        localizations = { kind: 'object', entries: [] };
        insertSorted(entry, 'localizations', localizations);
      }
      insertSorted(localizations, target, translated);
    }
    const notes = [
      kept > 0 &&
        `${kept} key${kept === 1 ? '' : 's'} already had a ${target} localization and were left as they were.`,
      addedPluralsNote(context.target, catalogue.added, catalogue.plurals, [
        'plural variation',
        'plural variations',
      ]),
    ].filter(Boolean);
    return {
      segments: catalogue.segments,
      rebuild: (translations) => print(root, '', translations) + trailing(text),
      ...(notes.length > 0 && { note: notes.join(' ') }),
    };
  },
};

interface Catalogue {
  segments: string[];
  state: 'needs_review' | 'translated';
  escapeSlashes: boolean;
  /** Catalogue code of the target language. */
  target: string | undefined;
  /** Plural categories added for the target language, and to how many plurals. */
  added: number;
  plurals: number;
}

/** A key never localized is its own source text. */
function unitOf(key: string): Value {
  const unit: Value = { kind: 'object', entries: [['value', { kind: 'raw', text: JSON.stringify(key) }]] };
  return { kind: 'object', entries: [['stringUnit', unit]] };
}

/**
 * The target's copy of a source localization: each `stringUnit` becomes a translated one, plural
 * variations get the target language's categories; undefined when nothing in it is words.
 */
function mirror(value: Value, catalogue: Catalogue, parentKey?: string): Value | undefined {
  if (value.kind !== 'object') return value;
  const entries: Array<[string, Value]> = [];
  let words = false;
  for (const [key, child] of value.entries) {
    if (key === 'stringUnit') {
      const unit = translatedUnit(child, catalogue);
      if (unit) words = true;
      entries.push([key, unit ?? child]);
      continue;
    }
    const copy = mirror(child, catalogue, key);
    if (copy !== child && copy !== undefined) words = true;
    entries.push([key, copy ?? child]);
  }
  if (!words) return undefined;
  const copy: Value = { kind: 'object', entries };
  if (parentKey === 'plural') addMissingCategories(copy, catalogue);
  return copy;
}

function translatedUnit(unit: Value, catalogue: Catalogue): Value | undefined {
  const text = stringOf(field(unit, 'value'));
  if (text === undefined) return undefined;
  const pieces = splitPlaceholders(text, catalogue.segments);
  if (!hasSlots(pieces)) return undefined;
  return {
    kind: 'object',
    entries: [
      ['state', { kind: 'raw', text: JSON.stringify(catalogue.state) }],
      ['value', { kind: 'translated', pieces, escapeSlashes: catalogue.escapeSlashes }],
    ],
  };
}

function addMissingCategories(plural: Value & { kind: 'object' }, catalogue: Catalogue): void {
  const other = field(plural, 'other');
  if (!other) return;
  const missing = missingPlurals(
    catalogue.target,
    plural.entries.map(([key]) => key),
  );
  for (const category of missing) insertSorted(plural, category, other);
  catalogue.added += missing.length;
  if (missing.length) catalogue.plurals += 1;
}

function read(node: Node, text: string): Value {
  if (node.type === 'object') {
    return {
      kind: 'object',
      entries: (node.children ?? []).map((property) => {
        const [key, value] = property.children as [Node, Node];
        return [key.value as string, read(value, text), text.slice(key.offset, key.offset + key.length)];
      }),
    };
  }
  if (node.type === 'array')
    return { kind: 'array', items: (node.children ?? []).map((item) => read(item, text)) };
  return { kind: 'raw', text: text.slice(node.offset, node.offset + node.length) };
}

function field(value: Value | undefined, key: string): Value | undefined {
  return value?.kind === 'object' ? value.entries.find(([name]) => name === key)?.[1] : undefined;
}

/** A raw string's value (or a literal's text: `false`), undefined for anything else. */
function stringOf(value: Value | undefined): string | undefined {
  if (value?.kind !== 'raw') return undefined;
  return value.text.startsWith('"') ? (JSON.parse(value.text) as string) : value.text;
}

/** Xcode keeps keys sorted; a new one goes where Xcode would put it. */
function insertSorted(object: Value, key: string, value: Value): void {
  if (object.kind !== 'object') return;
  const at = object.entries.findIndex(([name]) => name > key);
  object.entries.splice(at < 0 ? object.entries.length : at, 0, [key, value]);
}

/** Xcode's layout: two spaces a level, `"key" : value`, an empty object or array as two lines. */
function print(value: Value, indent: string, translations: readonly string[]): string {
  const inner = `${indent}  `;
  switch (value.kind) {
    case 'raw':
      return value.text;
    case 'translated': {
      const json = JSON.stringify(joinPieces(value.pieces, translations));
      return value.escapeSlashes ? json.replace(/\//g, '\\/') : json;
    }
    case 'array':
      return value.items.length === 0
        ? `[\n\n${indent}]`
        : `[\n${value.items.map((item) => inner + print(item, inner, translations)).join(',\n')}\n${indent}]`;
    case 'object':
      return value.entries.length === 0
        ? `{\n\n${indent}}`
        : `{\n${value.entries
            .map(
              ([key, child, keyText]) =>
                `${inner}${keyText ?? JSON.stringify(key)} : ${print(child, inner, translations)}`,
            )
            .join(',\n')}\n${indent}}`;
  }
}

/** Whatever followed the root object (Xcode ends the file with a newline). */
function trailing(text: string): string {
  return text.slice(text.trimEnd().length);
}
