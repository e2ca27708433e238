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
 * Read with jsonc-parser's tree (JSON.parse would move keys that look like numbers first and lose
 * the source text of numbers and strings); the rebuild only inserts each new localization at its
 * place among its siblings (where Xcode, which sorts keys, would put it), so every other byte of the
 * file is the upload's, whichever tool wrote it. What is inserted takes the file's own layout: its
 * indentation, its `"key" : value` or `"key": value`, its line ends.
 */
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { addedPluralsNote, missingPlurals } from './plural-forms.ts';
import type { DocumentAdapter } from '../types.ts';
import { checkDepth, whitespaceStart } from './json.ts';
import { hasSlots, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';
import { renderEdits, type PendingEdit } from '../segments.ts';
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
    const stringsNode = findNodeAtLocation(tree, ['strings']);
    if (stringsNode?.type !== 'object')
      throw documentError('INVALID_DOCUMENT', 'The String Catalog has no "strings" object.');
    const layout = layoutOf(tree, text);
    const edits: PendingEdit[] = [];
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
    for (const property of stringsNode.children ?? []) {
      const [keyNode, entryNode] = property.children as [Node, Node];
      const key = keyNode.value as string;
      const entry = read(entryNode, text);
      if (entry.kind !== 'object' || stringOf(field(entry, 'shouldTranslate')) === 'false') continue;
      const localizations = field(entry, 'localizations');
      if (localizations && localizations.kind !== 'object') continue;
      if (localizations && field(localizations, target)) {
        kept += 1;
        continue;
      }
      const source = (localizations && field(localizations, sourceLanguage)) ?? unitOf(key);
      const translated = mirror(source, catalogue);
      if (!translated) continue;
      const localizationsNode = findNodeAtLocation(entryNode, ['localizations']);
      edits.push(
        localizationsNode
          ? insertProperty(text, localizationsNode, target, translated, layout)
          : insertProperty(
              text,
              entryNode,
              'localizations',
              { kind: 'object', entries: [[target, translated]] },
              layout,
            ),
      );
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
      rebuild: (translations) => renderEdits(text, edits, translations),
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

/** How the file is written: one level's indentation, what goes between a key and its value, line ends. */
interface Layout {
  unit: string;
  colon: string;
  eol: string;
}

/** The layout of the file, read from its first property (Xcode's: two spaces, ` : `, LF). */
function layoutOf(root: Node, text: string): Layout {
  const first = root.children?.[0];
  if (!first?.children) return { unit: '  ', colon: ' : ', eol: '\n' };
  const [key, value] = first.children as [Node, Node];
  const lead = text.slice(whitespaceStart(text, first.offset), first.offset);
  const newline = lead.lastIndexOf('\n');
  return {
    unit: newline < 0 ? '' : lead.slice(newline + 1).slice(lineIndent(text, root.offset).length),
    colon: text.slice(key.offset + key.length, value.offset),
    eol: newline < 0 ? '' : lead.includes('\r\n') ? '\r\n' : '\n',
  };
}

/**
 * An edit adding `key: value` to the object at `object`: before the first key that sorts after it
 * (Xcode sorts keys), else after the last, laid out as its siblings are; an empty object gets it
 * as its only property.
 */
function insertProperty(text: string, object: Node, key: string, value: Value, layout: Layout): PendingEdit {
  const properties = object.children ?? [];
  const name = JSON.stringify(key);
  if (properties.length === 0) {
    const indent = lineIndent(text, object.offset);
    const inner = layout.eol ? indent + layout.unit : '';
    return {
      start: object.offset,
      end: object.offset + object.length,
      render: (translations) =>
        `{${layout.eol}${inner}${name}${layout.colon}${print(value, inner, translations, layout)}${layout.eol}${layout.eol ? indent : ''}}`,
    };
  }
  const colonOf = (property: Node) => {
    const [k, v] = property.children as [Node, Node];
    return text.slice(k.offset + k.length, v.offset);
  };
  const next = properties.find((property) => (property.children![0]!.value as string) > key);
  const sibling = next ?? properties.at(-1)!;
  const lead = text.slice(whitespaceStart(text, sibling.offset), sibling.offset);
  const indent = lead.slice(lead.lastIndexOf('\n') + 1);
  const colon = colonOf(sibling);
  const property = (translations: readonly string[]) =>
    `${name}${colon}${print(value, indent, translations, layout)}`;
  if (next) return { start: next.offset, end: next.offset, render: (t) => `${property(t)},${lead}` };
  const end = sibling.offset + sibling.length;
  return { start: end, end, render: (t) => `,${lead}${property(t)}` };
}

/** A new value in the file's layout; an empty object or array as Xcode writes it (two lines). */
function print(value: Value, indent: string, translations: readonly string[], layout: Layout): string {
  const inner = indent + layout.unit;
  const { eol, colon } = layout;
  switch (value.kind) {
    case 'raw':
      return value.text;
    case 'translated': {
      const json = JSON.stringify(joinPieces(value.pieces, translations));
      return value.escapeSlashes ? json.replace(/\//g, '\\/') : json;
    }
    case 'array':
      return value.items.length === 0
        ? `[${eol}${eol}${eol ? indent : ''}]`
        : `[${eol}${value.items.map((item) => inner + print(item, inner, translations, layout)).join(`,${eol}`)}${eol}${indent}]`;
    case 'object':
      return value.entries.length === 0
        ? `{${eol}${eol}${eol ? indent : ''}}`
        : `{${eol}${value.entries
            .map(
              ([key, child, keyText]) =>
                `${inner}${keyText ?? JSON.stringify(key)}${colon}${print(child, inner, translations, layout)}`,
            )
            .join(`,${eol}`)}${eol}${indent}}`;
  }
}

/** The spaces and tabs that start the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}
