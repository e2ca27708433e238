/**
 * XLIFF 1.2 and 2.x, the exchange format of CAT tools (Trados, memoQ, OmegaT) and localisation
 * platforms. Each translatable unit's `<source>` is translated into its `<target>` (written after
 * the source when missing); ids, notes, groups, `<alt-trans>`, skeletons and every other byte stay
 * as they were. Inline codes (`<x/>`, `<g>`, `<bx/>`, `<ph>`, `<pc>`, `<sc/>`, `<mrk>`) are copied
 * from the source in place and only the text between them is translated; the native code inside
 * `<ph>`, `<bpt>`, `<ept>`, `<it>` and `<originalData>` is never touched. An XLIFF 1.2 unit with a
 * `<seg-source>` (Trados' SDLXLIFF, Okapi) is translated segment by segment: its target takes the
 * `<seg-source>` content, each `<mrk mtype="seg" mid="…">` kept with its id and its text translated,
 * which is the structure CAT tools read back segment by segment.
 *
 * Left alone: units (or groups, files) marked `translate="no"` (unless a group or unit inside says
 * `translate="yes"`), XLIFF 1.2 units with `approved="yes"`, and units already translated (a target
 * with text whose state is not `new` / `needs-translation` / `initial`); the answer's note counts
 * them. A file whose declared target language is another language than the one asked for has its
 * targets translated again from the source (they are not a translation into the asked language),
 * and the note names the two languages.
 *
 * State (our choice, documented in docs/formats.md): XLIFF 1.2 targets get
 * `state="needs-review-translation"` (machine translation a person should check) or, when the caller
 * says no review is needed, `state="translated"`; XLIFF 2 segments get `state="translated"` (2.x's
 * own "not reviewed yet": `reviewed` and `final` are a reviewer's call). The target language is
 * set on `<file target-language>` (1.2) or `<xliff trgLang>` (2.x), as a BCP 47 tag.
 *
 * Why not the `xliff` npm package: it converts to JavaScript objects and writes a new file, losing
 * comments, formatting, unknown extension elements and attributes. Here htmlparser2 (already used for
 * HTML and XML) gives the source range of each element, and only those ranges are rewritten.
 */
import { toLanguageTag } from '@sema/shared/languages/codes';
import { Parser } from 'htmlparser2';
import { documentError } from '../errors.ts';
import { replaceRanges } from '../segments.ts';
import type { ExtractContext } from '../types.ts';
import { escapeAttribute } from './html.ts';
import { extractXml, xmlFileAdapter } from './xml.ts';
import { tagEnd } from './xml-ranges.ts';
import { localeInName } from '../output-name.ts';

/** Elements whose content is native code, not text. */
const NATIVE_CODE = ['ph', 'bpt', 'ept', 'it', 'originalData'];

/** Where one unit's pieces are in the file. */
interface Unit {
  /** The element that holds source and target: `trans-unit` (1.2) or `segment` (2.x). */
  holder: Tag;
  translatable: boolean;
  /** The target language its file declares (`<file target-language>`, `<xliff trgLang>`), if any. */
  declaredTarget?: string;
  source?: { start: number; contentStart: number; contentEnd: number; end: number };
  /** End of `<seg-source>` (1.2), which the schema puts before the target. */
  afterSource?: number;
  /** The content of `<seg-source>` (1.2): the source in `<mrk mtype="seg">` segments, which the target keeps. */
  segSource?: { contentStart: number; contentEnd: number };
  target?: { open: Tag; contentStart: number; contentEnd: number; selfClosing: boolean };
}

/** An opening tag's source range (end exclusive) and attributes. */
interface Tag {
  start: number;
  end: number;
  attributes: Record<string, string>;
}

type Version = 1 | 2;

export const xliffAdapter = xmlFileAdapter({
  format: 'xliff',
  outputName: localeInName({}),
  mimeType: 'application/xliff+xml',
  files: 'XLIFF files',
  extract(text, _limits, context) {
    const { version, languageTags, units } = readUnits(text);
    const segments: string[] = [];
    const kept = { untranslatable: 0, translated: 0 };
    const target = context.target ? (toLanguageTag(context.target) ?? context.target) : undefined;
    // Targets in another language than the one asked for (a German file sent for French, Symfony's
    // messages.en.xlf whose targets are English) are not a translation into it: they are replaced.
    const retargeted = new Map<string, number>();
    const work = units.flatMap((unit) => {
      if (!unit.source) return [];
      const otherLanguage =
        target && unit.declaredTarget && primaryOf(unit.declaredTarget) !== primaryOf(target);
      if (!unit.translatable) kept.untranslatable += 1;
      else if (isTranslated(unit, version, text) && !otherLanguage) kept.translated += 1;
      else {
        if (otherLanguage && isTranslated(unit, version, text)) {
          retargeted.set(unit.declaredTarget!, (retargeted.get(unit.declaredTarget!) ?? 0) + 1);
        }
        // A segmented unit's target mirrors its <seg-source>: the same <mrk> segments, translated.
        const { contentStart, contentEnd } = unit.segSource ?? unit.source;
        const inner = text.slice(contentStart, contentEnd);
        const first = segments.length;
        const markup = extractXml(inner, NATIVE_CODE);
        segments.push(...markup.segments);
        return [{ unit, first, markup }];
      }
      return [];
    });
    if (work.length === 0 && units.length === 0) {
      throw documentError('INVALID_DOCUMENT', 'The XLIFF file has no translation units.');
    }
    const replaced = [...retargeted].map(
      ([language, count]) =>
        `The file's targets are in ${language}, not ${target}: ${count} translated ${count === 1 ? 'unit was' : 'units were'} translated again from the source into ${target}, replacing ${language}.`,
    );
    const note = [keptNote(kept), ...replaced].filter(Boolean).join(' ');
    return {
      segments,
      ...(note ? { note } : {}),
      rebuild: (translations) => {
        const edits = work.flatMap(({ unit, first, markup }) => {
          const own = translations.slice(first, first + markup.segments.length);
          return targetEdits(text, unit, version, markup.rebuild(own), context);
        });
        if (context.target && work.length > 0) {
          const language = toLanguageTag(context.target) ?? context.target;
          const name = version === 1 ? 'target-language' : 'trgLang';
          edits.push(...languageTags.map((tag) => attributeEdit(text, tag, name, language)));
        }
        return replaceRanges(text, edits);
      },
    };
  },
});

/** `de-CH` → `de`, `pt_BR` → `pt`. */
function primaryOf(language: string): string {
  return language.split(/[-_]/)[0]!.toLowerCase();
}

function keptNote(kept: { untranslatable: number; translated: number }): string | undefined {
  const parts = [
    kept.untranslatable ? `${kept.untranslatable} marked translate="no"` : '',
    kept.translated ? `${kept.translated} already translated` : '',
  ].filter(Boolean);
  return parts.length ? `XLIFF units left as they were: ${parts.join(', ')}.` : undefined;
}

/** A target with text is someone's translation, unless its state says it still needs one. */
function isTranslated(unit: Unit, version: Version, text: string): boolean {
  const target = unit.target;
  if (version === 1 && unit.holder.attributes.approved === 'yes') return true;
  // Text, not tags: Trados ships targets of empty segments (`<mrk mtype="seg" mid="1"/>`).
  const words = target && text.slice(target.contentStart, target.contentEnd).replace(/<[^>]*>/g, '');
  if (!target || !words || !/\S/.test(words)) return false;
  const state = version === 1 ? target.open.attributes.state : unit.holder.attributes.state;
  return !['new', 'needs-translation', 'initial'].includes(state ?? '');
}

function targetEdits(
  text: string,
  unit: Unit,
  version: Version,
  content: string,
  context: ExtractContext,
): Array<{ start: number; end: number; text: string }> {
  const state = version === 2 || !context.needsReview ? 'translated' : 'needs-review-translation';
  const edits: Array<{ start: number; end: number; text: string }> = [];
  if (version === 2) edits.push(attributeEdit(text, unit.holder, 'state', state));
  const target = unit.target;
  if (target) {
    let open = text.slice(target.open.start, target.open.end);
    if (version === 1) open = withAttribute(open, 'state', state);
    if (target.selfClosing) open = open.replace(/\s*\/>$/, '>');
    const close = target.selfClosing ? '</target>' : '';
    edits.push({ start: target.open.start, end: target.open.end, text: open });
    edits.push({ start: target.contentStart, end: target.contentEnd, text: content + close });
    return edits;
  }
  const source = unit.source!;
  const at = unit.afterSource ?? source.end;
  // The new target gets the source's indentation, on its own line.
  const before = text.slice(text.lastIndexOf('\n', source.start), source.start);
  const indent = /^\s*$/.test(before) ? before : '';
  const stateAttribute = version === 1 ? ` state="${state}"` : '';
  edits.push({ start: at, end: at, text: `${indent}<target${stateAttribute}>${content}</target>` });
  return edits;
}

/** Sets (or adds) an attribute on the opening tag at `tag`. */
function attributeEdit(text: string, tag: Tag, name: string, value: string) {
  return { start: tag.start, end: tag.end, text: withAttribute(text.slice(tag.start, tag.end), name, value) };
}

/** `<file a="1">` with `name="value"` set, keeping the tag's other bytes. */
export function withAttribute(tag: string, name: string, value: string): string {
  const escaped = escapeAttribute(value, '"');
  const existing = new RegExp(`(\\s${name.replace(/[.-]/g, '\\$&')}\\s*=\\s*)(?:"[^"]*"|'[^']*')`);
  if (existing.test(tag)) return tag.replace(existing, (_, head: string) => `${head}"${escaped}"`);
  return tag.replace(/\s*(\/?>)$/, ` ${name}="${escaped}"$1`);
}

/**
 * One pass over the file: the version, the tags that carry the target language and every unit.
 * htmlparser2 reports each opening tag's end exactly; its start is found from there (a `<` cannot
 * appear inside a well-formed tag), because the reported start is off by one after `<?xml …?>`.
 */
function readUnits(text: string): { version: Version; languageTags: Tag[]; units: Unit[] } {
  let version: Version | undefined;
  const languageTags: Tag[] = [];
  const units: Unit[] = [];
  const stack: Array<{ name: string; translatable: boolean }> = [];
  let unit: Unit | undefined;
  let pendingSource: { start: number; contentStart: number } | undefined;
  let segSourceStart: number | undefined;
  let pendingTarget: { open: Tag } | undefined;
  let sawRoot = false;
  let declaredTarget: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const end = parser.endIndex + 1;
        const tag: Tag = { start: text.lastIndexOf('<', parser.endIndex), end, attributes };
        const parent = stack.at(-1);
        // `translate` is inherited, and a group or unit may say `yes` inside a file or group that says `no`.
        const translatable =
          attributes.translate === 'no'
            ? false
            : attributes.translate === 'yes' || (parent?.translatable ?? true);
        if (!sawRoot) {
          sawRoot = true;
          version = versionOf(name, attributes);
          if (version === 2) languageTags.push(tag);
          if (version === 2) declaredTarget = attributes.trgLang;
        }
        stack.push({ name, translatable });
        if (version === 1 && name === 'file') {
          languageTags.push(tag);
          declaredTarget = attributes['target-language'];
        }
        const holder = version === 1 ? 'trans-unit' : 'segment';
        if (name === holder) {
          unit = { holder: tag, translatable, ...(declaredTarget ? { declaredTarget } : {}) };
          units.push(unit);
        } else if (unit && parent?.name === holder && name === 'source') {
          pendingSource = { start: tag.start, contentStart: end };
        } else if (unit && parent?.name === holder && name === 'seg-source') {
          segSourceStart = end;
        } else if (unit && parent?.name === holder && name === 'target') {
          pendingTarget = { open: tag };
        }
      },
      onclosetag(name, implied) {
        stack.pop();
        const closeStart = parser.startIndex;
        const closeEnd = tagEnd(text, parser.endIndex);
        if (!unit) return;
        if (name === 'source' && pendingSource) {
          const contentEnd = implied ? pendingSource.contentStart : closeStart;
          unit.source = { ...pendingSource, contentEnd, end: closeEnd };
          pendingSource = undefined;
        } else if (name === 'seg-source' && segSourceStart !== undefined) {
          unit.afterSource = closeEnd;
          // An empty <seg-source/> segments nothing: the unit is translated from its <source>.
          if (!implied) unit.segSource = { contentStart: segSourceStart, contentEnd: closeStart };
          segSourceStart = undefined;
        } else if (name === 'target' && pendingTarget) {
          const open = pendingTarget.open;
          unit.target = implied
            ? { open, contentStart: open.end, contentEnd: open.end, selfClosing: true }
            : { open, contentStart: open.end, contentEnd: closeStart, selfClosing: false };
          pendingTarget = undefined;
        } else if (name === (version === 1 ? 'trans-unit' : 'segment')) unit = undefined;
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.end(text);
  if (!version) {
    throw documentError('INVALID_DOCUMENT', 'The file is not XLIFF: its root element is not <xliff>.');
  }
  return { version, units, languageTags };
}

function versionOf(root: string, attributes: Record<string, string>): Version | undefined {
  if (root !== 'xliff') return undefined;
  const declared = attributes.version ?? '';
  if (/^2\./.test(declared) || /xliff:document:2/.test(attributes.xmlns ?? '')) return 2;
  if (/^1\./.test(declared) || /xliff:document:1/.test(attributes.xmlns ?? '')) return 1;
  throw documentError(
    'INVALID_DOCUMENT',
    `The XLIFF version "${declared}" is not supported; XLIFF 1.2 and 2.x are (the version attribute of <xliff>).`,
  );
}
