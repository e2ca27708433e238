import type { DocumentFormat } from '@sema/shared/api/documents';
import { documentError } from './errors.ts';
import { suffixedName } from './output-name.ts';
import { prepareDocument, type PrepareOptions, type PreparedDocument } from './prepare.ts';
import { ADAPTERS } from './registry.ts';
import { resolveSource, type Detect } from '../detection/source-language.ts';
import type { Upload } from '../lib/http/upload.ts';
import type { Glossary } from '../translation/protected-spans.ts';
import { documentPreview } from './preview.ts';
import { translateSegments, type SegmentProgress, type TranslateTexts } from './translate-segments.ts';
import type { DocumentLimits } from './types.ts';

/**
 * The document service: read and check an upload, settle its source language, then translate and
 * rebuild it. It knows nothing of HTTP or of the engine behind `translateTexts`, so every step can
 * be tested with a stand-in.
 */
export interface DocumentTranslatorOptions {
  limits: DocumentLimits;
  translateTexts: TranslateTexts;
  /** The detector's answer for a text (the source is settled by the `document` rule of `resolveSource`). */
  detect: Detect;
  /** Reads the upload: in this thread by default, in the document worker on the server. */
  read?: (upload: Upload, limits: DocumentLimits, options: PrepareOptions) => Promise<PreparedDocument>;
}

export interface TranslatedDocument {
  fileName: string;
  format: DocumentFormat;
  mimeType: string;
  /** A string for text formats, bytes for ZIP packages (docx, xlsx, pptx, OpenDocument, epub). */
  body: string | Uint8Array;
  source: string;
  target: string;
  characters: number;
  /** The start of the translated text, plain, for showing. */
  preview: string;
  truncated: boolean;
  note?: string;
}

/** A checked document with its languages settled; `run` does the translating. */
export interface DocumentTask {
  prepared: PreparedDocument;
  source: string;
  target: string;
  run(options: {
    signal: AbortSignal;
    onProgress?: (progress: SegmentProgress) => void;
    glossary?: Glossary | undefined;
  }): Promise<TranslatedDocument>;
  /** Frees the document; call it when the request is over, whatever happened. */
  dispose(): void;
}

export function createDocumentTranslator(options: DocumentTranslatorOptions) {
  return {
    /** Everything that can refuse the request happens here, before any translation. */
    async prepare(
      upload: Upload,
      source: string,
      target: string,
      prepareOptions: PrepareOptions = {},
    ): Promise<DocumentTask> {
      const prepared = await (options.read ?? prepareDocument)(upload, options.limits, {
        ...prepareOptions,
        target,
      });
      let resolvedSource: string;
      try {
        // A file with nothing left to translate has no text to detect from: its source stays `auto`.
        resolvedSource =
          prepared.segments.length > 0 ? documentSource(source, prepared.segments, options.detect) : source;
      } catch (error) {
        prepared.dispose?.();
        throw error;
      }
      return {
        prepared,
        source: resolvedSource,
        target,
        dispose: () => prepared.dispose?.(),
        async run({ signal, onProgress, glossary }) {
          const translations = await translateSegments(prepared.segments, {
            source: resolvedSource,
            target,
            translateTexts: options.translateTexts,
            signal,
            glossary,
            ...(onProgress ? { onProgress } : {}),
          });
          const body = await prepared.rebuild(translations);
          const naming = ADAPTERS[prepared.format].outputName ?? suffixedName;
          const name = naming({ ...prepared, source: resolvedSource, target });
          const note = [prepared.note, name.note].filter(Boolean).join(' ');
          return {
            fileName: name.fileName,
            format: prepared.format,
            mimeType: prepared.mimeType,
            body,
            source: resolvedSource,
            target,
            characters: prepared.characters,
            preview: documentPreview(
              { format: prepared.format, extension: prepared.extension, body },
              translations,
            ),
            truncated: prepared.truncated,
            ...(note ? { note } : {}),
          };
        },
      };
    },
  };
}

function documentSource(source: string, segments: readonly string[], detect: Detect): string {
  const decision = resolveSource(detect, source, { rule: 'document', segments });
  if (!decision) {
    throw documentError(
      'DOCUMENT_LANGUAGE_UNDETECTED',
      "The document's language could not be detected; choose the source language and try again.",
    );
  }
  return decision.language;
}
