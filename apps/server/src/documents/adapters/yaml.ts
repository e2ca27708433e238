/**
 * YAML, above all Rails locale files (`en:` at the top, nested keys, `%{count}` interpolation):
 * string values are translated; keys, comments, anchors and aliases, merge keys, numbers and
 * booleans, date formats (`%Y-%m-%d`), quoting style and indentation stay as they were. A file
 * whose top level is one language key (`en:`, `pt-BR:`) gets the target's key instead (`fr:`,
 * `zh-Hans:`: Sema's short language tag, as in its file names); any other YAML is translated as
 * plain nested strings.
 *
 * The `yaml` package reads the file and gives each scalar's source range; only those ranges are
 * rewritten, so everything between them is byte for byte the upload. Aliases are never expanded (no
 * value is built from the tree), so a "billion laughs" file costs what its text costs.
 */
import {
  isCollection,
  isMap,
  isScalar,
  parse,
  parseAllDocuments,
  visit,
  type Document,
  type Scalar,
} from 'yaml';
import { resolveLanguageCode, toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import { renderEdits, type PendingEdit } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';
import { hasSlots, isMachineString, joinPieces, splitPlaceholders, type Pieces } from './placeholders.ts';
import { localeInName } from '../output-name.ts';

export const yamlAdapter: DocumentAdapter = {
  format: 'yaml',
  outputName: localeInName({}),
  mimeType: 'application/yaml',
  textual: true,
  extract({ text }, _limits, context) {
    const segments: string[] = [];
    const edits: PendingEdit[] = [];
    for (const document of read(text)) {
      const localeKey = railsLocaleKey(document);
      if (localeKey?.range && context.target) {
        const tag = toLanguageTag(context.target) ?? context.target;
        edits.push({ start: localeKey.range[0], end: localeKey.range[1], render: () => tag });
      }
      visit(document, {
        Scalar(key, node, path) {
          // Keys are identifiers; only values and list items are words.
          if (key === 'key') return;
          const collection = [...path].reverse().find(isCollection);
          const edit = scalarEdit(node, text, segments, collection?.flow === true);
          if (edit) edits.push(edit);
        },
      });
    }
    return {
      segments,
      rebuild: (translations) => renderEdits(text, edits, translations),
    };
  },
};

function read(text: string): Document.Parsed[] {
  let documents: Document.Parsed[];
  try {
    documents = parseAllDocuments(text, { prettyErrors: false }) as Document.Parsed[];
  } catch (error) {
    // The parser recurses per level of flow nesting: a hostile file ends here, not in a crash.
    throw documentError('INVALID_DOCUMENT', `The YAML could not be read: ${(error as Error).message}`);
  }
  const error = documents.flatMap((document) => document.errors)[0];
  if (error) throw documentError('INVALID_DOCUMENT', `The file is not valid YAML: ${error.message}`);
  return documents;
}

/** The `en` of a Rails locale file: the top level's only key, naming a language, over a mapping. */
function railsLocaleKey(document: Document.Parsed): Scalar | undefined {
  const top = document.contents;
  if (!isMap(top) || top.items.length !== 1) return undefined;
  const { key, value } = top.items[0]!;
  const named = isScalar(key) && typeof key.value === 'string' && resolveLanguageCode(key.value);
  return named && isMap(value) ? (key as Scalar) : undefined;
}

/**
 * Letters left once strftime directives (`%Y`, `%-d`, `%B`) are taken out: a date format has none;
 * nor has a Ruby symbol (`:year`, as Rails' `date.order` lists them).
 */
function hasWords(value: string): boolean {
  if (/^:\w+$/.test(value)) return false;
  return /\p{L}/u.test(value.replace(/%[-_0^#:]*[A-Za-z]/g, ''));
}

function scalarEdit(
  node: Scalar,
  text: string,
  segments: string[],
  inFlow: boolean,
): PendingEdit | undefined {
  const { value, range, type } = node;
  if (typeof value !== 'string' || !range || !hasWords(value) || isMachineString(value)) return undefined;
  const pieces: Pieces = splitPlaceholders(value, segments);
  if (!hasSlots(pieces)) return undefined;
  const source = text.slice(range[0], range[1]);
  return {
    start: range[0],
    end: range[1],
    render: (translations) => render(joinPieces(pieces, translations), type, source, inFlow),
  };
}

/** The translation written in the source's style, where that style can hold it. */
function render(text: string, type: Scalar['type'], source: string, inFlow: boolean): string {
  if (type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED') return block(text, source);
  if (type === 'QUOTE_SINGLE' && !text.includes('\n')) return `'${text.replace(/'/g, "''")}'`;
  if (type === 'PLAIN' && plainIsSafe(text, inFlow)) return text;
  // JSON's string syntax is YAML's double-quoted scalar.
  return JSON.stringify(text);
}

const PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`\s]/;

/** Whether `text` written bare reads back as the same string. */
function plainIsSafe(text: string, inFlow: boolean): boolean {
  if (!text || text !== text.trim() || text.includes('\n') || PLAIN_START.test(text)) return false;
  if (/: |\s#|:$/.test(text) || (inFlow && /[,[\]{}]/.test(text))) return false;
  try {
    return (parse(`k: ${text}`) as { k?: unknown } | null)?.k === text;
  } catch {
    return false;
  }
}

/** A block scalar: its header line kept, the translation's lines at the source's indentation. */
function block(text: string, source: string): string {
  const newline = source.indexOf('\n');
  const header = newline < 0 ? source : source.slice(0, newline);
  const indent = /\n([ \t]+)\S/.exec(source)?.[1] ?? '  ';
  const trailing = /\n*$/.exec(source)![0] || '\n';
  const lines = text.replace(/\n+$/, '').split('\n');
  return `${header}\n${lines.map((line) => (line ? indent + line : line)).join('\n')}${trailing}`;
}
