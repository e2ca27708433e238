import type { TranslateDocumentResponse } from '@sema/shared/api/documents';

/** The translated file as a Blob for a download link (text as UTF-8, docx from base64). */
export function documentBlob(
  result: Pick<TranslateDocumentResponse, 'text' | 'content_base64' | 'mime_type'>,
): Blob {
  if (result.text !== undefined)
    return new Blob([result.text], { type: `${result.mime_type};charset=utf-8` });
  return new Blob([base64ToBytes(result.content_base64 ?? '')], { type: result.mime_type });
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** How long the object URL lives: revoking it at once can cancel the download in some browsers. */
const URL_LIFETIME_MS = 60_000;

/** Saves the translated file through the browser's download. */
export function saveDocument(
  result: Pick<TranslateDocumentResponse, 'text' | 'content_base64' | 'mime_type' | 'file_name'>,
): void {
  const url = URL.createObjectURL(documentBlob(result));
  const link = document.createElement('a');
  link.href = url;
  link.download = result.file_name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), URL_LIFETIME_MS);
}
