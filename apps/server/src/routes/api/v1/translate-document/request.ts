import type { FastifyRequest } from 'fastify';
import type { PrepareOptions, Upload } from '../../../../documents/prepare.ts';
import { documentError, formatBytes } from '../../../../documents/errors.ts';
import { ApiError } from '../../../../lib/errors.ts';
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
 * Reads the multipart form in any field order. The file is buffered (documents are read whole by
 * their parsers) under the byte limit, which stops the upload as soon as it is crossed.
 */
export async function readDocumentRequest(
  request: FastifyRequest,
  maxFileBytes: number,
): Promise<DocumentRequest> {
  if (!request.isMultipart()) {
    throw new ApiError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the document as multipart/form-data, with the file in a part named "file".',
    );
  }
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && !upload) {
        // A browser's FormData may send a file part with no filename at all (only its content type).
        upload = { fileName: part.filename ?? '', mimeType: part.mimetype, bytes: await part.toBuffer() };
      } else {
        part.file.resume(); // another file part: drained, not kept
      }
    }
  } catch (error) {
    throw multipartError(error, maxFileBytes);
  }
  if (!upload && fields.file !== undefined) {
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
  return {
    upload,
    target: languageField('target_language', fields.target_language, false),
    source: languageField('source_language', fields.source_language, true),
    options: outputOptions(fields.output, fields.max_chars),
    ...(fields.glossary_id?.trim() ? { glossaryId: fields.glossary_id.trim() } : {}),
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

function languageField(name: string, raw: string | undefined, isSource: boolean): string {
  return isSource ? sourceLanguage(raw) : targetLanguage(raw);
}

function multipartError(error: unknown, maxFileBytes: number): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return documentError(
      'DOCUMENT_TOO_LARGE',
      `The file is larger than the ${formatBytes(maxFileBytes)} limit.`,
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new ApiError(
      413,
      'PAYLOAD_TOO_LARGE',
      'The form has too many parts: send one file and the language fields.',
    );
  }
  if (error instanceof ApiError || (error as Error | null)?.name === 'AbortError') return error;
  // Anything else the multipart reader throws is a form that is cut short or not multipart at all
  // (no boundary, a boundary that never closes, a truncated body, broken part headers).
  return new ApiError(
    400,
    'BAD_REQUEST',
    `The multipart form could not be read${code === 'FST_PROTO_VIOLATION' ? ' (it breaks the multipart format)' : ': it is incomplete or has no boundary'}. Send a complete multipart/form-data body.`,
  );
}
