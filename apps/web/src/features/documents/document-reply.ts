import type { TranslateDocumentResponse } from '@sema/shared/api/documents';

/** A translated document's reply, kept on its message (message kind `document`). */
export interface DocumentReply {
  /** The uploaded file's name. */
  fileName: string;
  /** Characters translated so far, while it works. */
  progress?: { done: number; total: number; seconds_left?: number };
  result?: TranslateDocumentResponse;
}

/** "about 3 min left", from the server's estimate; empty before it has one or near the end. */
export function timeLeft(progress: DocumentReply['progress']): string {
  const seconds = progress?.seconds_left;
  if (!seconds || seconds < 10) return '';
  if (seconds < 90) return `about ${Math.round(seconds / 10) * 10} s left`;
  if (seconds < 5400) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${Math.round(seconds / 3600)} h left`;
}

/** 0 to 100, for the progress bar. */
export function progressPercent(progress: DocumentReply['progress']): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}
