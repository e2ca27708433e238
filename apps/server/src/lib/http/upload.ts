/**
 * The one reader of multipart forms (file uploads): our document route and the compatibility APIs
 * (LibreTranslate's translate_file, DeepL's /v2/document, and their text routes when a client sends
 * a form as multipart). In a scope that accepts uploads, a multipart body is read before validation
 * into plain fields — as a urlencoded form would be (a repeated field as a list), so key checks and
 * routes read it the same way — and the file, kept for `uploadOf`. The first file part named
 * `file` is buffered under the byte limit, which stops the upload as soon as it is crossed; other
 * file parts are drained, not kept. Whatever the reader refuses is an ApiError with a plain detail.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCUMENT_ERROR_CODES } from '@sema/shared/api/documents';
import { formatBytes } from '../format-bytes.ts';
import { ApiError } from '../errors.ts';

export interface UploadLimits {
  maxFileBytes: number;
  /** Most fields besides the file (20), and the bytes of each (1 MB: a text field of a compatibility API). */
  fields?: number;
  fieldSize?: number;
}

/** The file part's name in every API that takes uploads. */
const FILE_FIELD = 'file';
/** Tools sometimes send more than one file part: the first one named "file" is kept, the rest drained. */
const MAX_FILES = 4;

/** An uploaded file, as the routes that take documents read it. */
export interface Upload {
  fileName: string;
  /** The media type the client declared, if any. */
  mimeType?: string;
  bytes: Uint8Array;
}

const uploads = new WeakMap<FastifyRequest, Upload>();

/** Reads multipart forms in this scope (see above). */
export async function acceptUploads(
  app: FastifyInstance,
  { maxFileBytes, fields = 20, fieldSize = 1024 * 1024 }: UploadLimits,
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: maxFileBytes,
      files: MAX_FILES,
      fields,
      fieldSize,
      parts: MAX_FILES + fields,
      headerPairs: 100,
    },
  });
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) request.body = await readForm(request, maxFileBytes);
  });
}

/** The uploaded file of a multipart request (name, declared type and bytes), if it had one. */
export function uploadOf(request: FastifyRequest): Upload | undefined {
  return uploads.get(request);
}

async function readForm(request: FastifyRequest, maxFileBytes: number): Promise<Record<string, unknown>> {
  const fields: Record<string, string | string[]> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = String(part.value);
        const seen = fields[part.fieldname];
        fields[part.fieldname] = seen === undefined ? value : [seen, value].flat();
      } else if (part.fieldname === FILE_FIELD && !uploads.has(request)) {
        // A browser's FormData may send a file part with no filename at all (only its content type).
        uploads.set(request, {
          fileName: part.filename ?? '',
          mimeType: part.mimetype,
          bytes: new Uint8Array(await part.toBuffer()),
        });
      } else {
        part.file.resume(); // another file part: drained, not kept
      }
    }
  } catch (error) {
    throw multipartError(error, maxFileBytes);
  }
  return fields;
}

function multipartError(error: unknown, maxFileBytes: number): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ApiError(
      DOCUMENT_ERROR_CODES.DOCUMENT_TOO_LARGE,
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
