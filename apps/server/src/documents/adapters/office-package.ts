import type { DocumentFormat } from '@sema/shared/api/documents';
import { toLanguageTag } from '@sema/shared/languages/codes';
import { documentError } from '../errors.ts';
import type { DocumentAdapter, PackagePreview } from '../types.ts';
import { xmlDepthExceeds } from '../xml-depth.ts';
import { readZip, writeZip, type ZipEntry } from '../zip-package.ts';
import type { ExtractedMarkup } from './html.ts';
import { refuseDtd } from './xml.ts';
import { declareUtf8, decodeXml, legacyEncoding, reencodedNote } from './xml-encoding.ts';

/**
 * A ZIP package of XML parts (docx, xlsx, pptx, odt/ods/odp, epub). The package is opened safely
 * (zip-package.ts), each part that holds text is read by the format's own reader, and the package
 * is written back in the same order with every other entry's content (styles, images, formulas,
 * relationships, the ODF/EPUB `mimetype` stored first) byte for byte. One upload's parts share one
 * list of segments, so a sentence repeated on several slides is translated once.
 */
export interface PackageFormat {
  format: DocumentFormat;
  mimeType: string;
  /** What such a file is called in an error: 'a Word document'. */
  kind: string;
  /** An entry every package of this format has (with this content, when given), telling it apart. */
  marker: { entry: string; content?: string };
  /**
   * The reader of a part that holds text, or undefined for a part copied as it is; `parts` reads the
   * package's other parts (an xlsx table's header row decides what its sheet's reader keeps).
   */
  textPart(name: string, parts: PackageParts): ((xml: string) => ExtractedMarkup) | undefined;
  /** What the client is told about the package besides its untranslated parts. */
  note?(parts: PackageParts): string | undefined;
  /** Writes the target language where the part records one (xml:lang, dc:language, lang). */
  setLanguage?(name: string, xml: string, language: string): string;
  /** How the translated package reads, for the preview (types.ts). */
  preview?: PackagePreview;
  /** XHTML chapters may carry `<!DOCTYPE html>`; entity declarations are refused all the same. */
  allowsDoctype?: boolean;
  /**
   * Parts that hold text this adapter copies untranslated (charts, SmartArt, comments), each with
   * what one and several are called; they are counted in the note so no text is lost silently.
   */
  untranslatedParts?: readonly UntranslatedPart[];
}

/** The package's parts as XML text, by entry name (undefined for a missing or non-UTF-8 one). */
export interface PackageParts {
  names: readonly string[];
  text(name: string): string | undefined;
}

export interface UntranslatedPart {
  pattern: RegExp;
  /** What one such part is called, and several: ['chart', 'charts']. */
  names: readonly [string, string];
}

/** Deepest element nesting a part may have; real documents stay within a few dozen levels. */
const MAX_XML_DEPTH = 1000;
const encoder = new TextEncoder();

export function packageAdapter(spec: PackageFormat): DocumentAdapter {
  return {
    format: spec.format,
    mimeType: spec.mimeType,
    textual: false,
    packageKind: spec.kind,
    ...(spec.preview ? { preview: spec.preview } : {}),
    async extract({ bytes }, limits, { target }) {
      const language = target ? toLanguageTag(target) : undefined;
      const entries = await readZip(bytes, limits);
      checkMarker(spec, entries);
      const byName = new Map(entries.map((entry) => [entry.name, entry]));
      const view: PackageParts = {
        names: entries.map((entry) => entry.name),
        text(name) {
          const data = byName.get(name)?.data;
          try {
            return data && new TextDecoder('utf-8', { fatal: true }).decode(data);
          } catch {
            return undefined;
          }
        },
      };
      const segments: string[] = [];
      const parts = entries.flatMap((entry) => {
        const read = spec.textPart(entry.name, view);
        if (!read) return [];
        const xml = decodePart(entry.name, entry.data, spec.allowsDoctype ?? false);
        const text = read(xml);
        const offset = segments.length;
        segments.push(...text.segments);
        return [{ entry, xml, text, offset, encoding: legacyEncoding(xml) }];
      });
      const reencoded = parts.filter((part) => part.encoding);
      const note = [
        untranslatedNote(spec.untranslatedParts ?? [], entries),
        spec.note?.(view),
        reencoded.length
          ? reencodedNote(
              reencoded[0]!.encoding!,
              reencoded.length === 1 ? `The part ${reencoded[0]!.entry.name}` : `${reencoded.length} parts`,
            )
          : undefined,
      ]
        .filter(Boolean)
        .join(' ');
      return {
        segments,
        ...(note ? { note } : {}),
        rebuild(translations) {
          const rebuilt = new Map<string, Uint8Array>();
          for (const { entry, xml, text, offset, encoding } of parts) {
            let out = text.rebuild(translations.slice(offset, offset + text.segments.length));
            // Nothing translated, nothing in the target language: a finished file comes back as it was.
            if (language && spec.setLanguage && segments.length > 0) {
              out = spec.setLanguage(entry.name, out, language);
            }
            if (encoding) out = declareUtf8(out);
            if (out !== xml) rebuilt.set(entry.name, encoder.encode(out));
          }
          return writeZip(
            entries.map((entry) => ({ ...entry, data: rebuilt.get(entry.name) ?? entry.data })),
          );
        },
      };
    },
  };
}

/** "Left untranslated (copied as they are): 2 charts, 1 SmartArt diagram." or undefined when none. */
export function untranslatedNote(
  kinds: readonly UntranslatedPart[],
  entries: readonly ZipEntry[],
): string | undefined {
  const counted = kinds.flatMap(({ pattern, names: [one, several] }) => {
    const count = entries.filter((entry) => pattern.test(entry.name)).length;
    return count === 0 ? [] : [`${count} ${count === 1 ? one : several}`];
  });
  return counted.length === 0 ? undefined : `Left untranslated (copied as they are): ${counted.join(', ')}.`;
}

function checkMarker(spec: PackageFormat, entries: readonly ZipEntry[]): void {
  const { entry: name, content } = spec.marker;
  const marker = entries.find((entry) => entry.name === name);
  if (!marker) {
    throw documentError(
      'DOCUMENT_TYPE_MISMATCH',
      `The file is a ZIP package but not ${spec.kind} (it has no ${name}).`,
    );
  }
  const actual = content === undefined ? undefined : new TextDecoder().decode(marker.data).trim();
  if (content !== undefined && actual !== content) {
    throw documentError(
      'DOCUMENT_TYPE_MISMATCH',
      `The file is a ZIP package but not ${spec.kind} (its ${name} says ${JSON.stringify(actual?.slice(0, 80))}).`,
    );
  }
}

function decodePart(name: string, data: Uint8Array, allowsDoctype: boolean): string {
  let xml: string;
  try {
    xml = decodeXml(data, `The part ${name}`, 'xml');
  } catch {
    throw documentError(
      'INVALID_DOCUMENT',
      `The part ${name} is not XML in UTF-8, UTF-16 or the encoding it declares.`,
    );
  }
  // Office writers never declare entities; XHTML's bare `<!DOCTYPE html …>` declares none.
  refuseDtd(
    xml,
    `The part ${name} declares a DTD (<!DOCTYPE/<!ENTITY>), which these documents never need; the file was refused.`,
    { allowBareDoctype: allowsDoctype },
  );
  if (xmlDepthExceeds(xml, MAX_XML_DEPTH)) {
    throw documentError(
      'INVALID_DOCUMENT',
      `The part ${name} nests elements more than ${MAX_XML_DEPTH} levels deep, which is refused.`,
    );
  }
  return xml;
}
