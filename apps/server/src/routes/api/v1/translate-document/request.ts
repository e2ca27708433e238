import type { FastifyRequest } from 'fastify';
import type { PrepareOptions } from '../../../../documents/prepare.ts';
import type { Upload } from '../../../../lib/http/upload.ts';
import { documentError } from '../../../../documents/errors.ts';
import { ApiError } from '../../../../lib/errors.ts';
import { formFields } from '../../../../lib/http/form-body.ts';
import { uploadOf } from '../../../../lib/http/upload.ts';
import { sourceLanguage, targetLanguage } from '../../../../lib/language-fields.ts';

/** What the multipart form carries, checked: the file and catalogue codes (source may be `auto`). */
export interface DocumentRequest {
  upload: Upload;
  source: string;
  target: string;
  options: PrepareOptions;
  /** A stored glossary for the document's language pair. */
  glossaryId?: string;
}

/**
 * What the multipart form carries (read by the one upload reader, `lib/http/upload.ts`, in any field
 * order, the file buffered under the byte limit), checked.
 */
export function readDocumentRequest(request: FastifyRequest): DocumentRequest {
  if (!request.isMultipart()) {
    throw new ApiError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the document as multipart/form-data, with the file in a part named "file".',
    );
  }
  const form = formFields(request);
  const fields = (name: string): string | undefined => {
    const value = form[name];
    return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : undefined;
  };
  const upload = uploadOf(request);
  if (!upload && fields('file') !== undefined) {
    throw documentError(
      'DOCUMENT_MISSING',
      'The "file" part has no filename, so it arrived as a text field: send it as a file (with curl: -F file=@report.txt).',
    );
  }
  if (!upload)
    throw documentError(
      'DOCUMENT_MISSING',
      'No file was sent: add the document as a form part named "file".',
    );
  const glossaryId = fields('glossary_id')?.trim();
  return {
    upload,
    target: targetLanguage(fields('target_language')),
    source: sourceLanguage(fields('source_language')),
    options: {
      ...outputOptions(fields('output'), fields('max_chars')),
      ...reviewOption(fields('needs_review')),
    },
    ...(glossaryId ? { glossaryId } : {}),
  };
}

function outputOptions(output: string | undefined, maxChars: string | undefined): PrepareOptions {
  const kind = output?.trim() || 'document';
  if (kind !== 'document' && kind !== 'text') {
    throw new ApiError(422, 'VALIDATION_ERROR', `output must be document or text (got '${output}')`);
  }
  if (maxChars === undefined || maxChars.trim() === '') return kind === 'text' ? { textOnly: {} } : {};
  const budget = Number(maxChars);
  if (!Number.isInteger(budget) || budget < 1) {
    throw new ApiError(
      422,
      'VALIDATION_ERROR',
      `max_chars must be a whole number of at least 1 (got '${maxChars}')`,
    );
  }
  if (kind !== 'text') throw new ApiError(422, 'VALIDATION_ERROR', 'max_chars only applies with output=text');
  return { textOnly: { budget } };
}

/** `needs_review=false`: PO and XLIFF translations are marked translated, not for review. */
function reviewOption(value: string | undefined): PrepareOptions {
  const choice = value?.trim().toLowerCase() || 'true';
  if (choice !== 'true' && choice !== 'false') {
    throw new ApiError(422, 'VALIDATION_ERROR', `needs_review must be true or false (got '${value}')`);
  }
  return { needsReview: choice === 'true' };
}
