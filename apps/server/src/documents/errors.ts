import { formatBytes } from '../lib/format-bytes.ts';
import { DOCUMENT_ERROR_CODES, type DocumentErrorCode } from '@sema/shared/api/documents';
import { ApiError } from '../lib/errors.ts';

/** An error about the uploaded document, with the HTTP status its code has in the contract. */
export function documentError(code: DocumentErrorCode, detail: string): ApiError {
  return new ApiError(DOCUMENT_ERROR_CODES[code], code, detail);
}

export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
