import type { TranslateDocumentResponse } from '@sema/shared/api/documents';

/** A translated document's reply, kept on its message (message kind `document`). */
export interface DocumentReply {
  /** The uploaded file's name. */
  fileName: string;
  /** Characters translated so far, while it works. */
  progress?: { done: number; total: number };
  result?: TranslateDocumentResponse;
}

/** 0 to 100, for the progress bar. */
export function progressPercent(progress: DocumentReply['progress']): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}
