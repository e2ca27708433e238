import type { TranslateDocumentResponse } from '@sema/shared/api/documents';

/** A translated document's reply, kept in the message's `extra` (message kind `document`). */
export interface DocumentReply {
  /** The uploaded file's name. */
  fileName: string;
  /** Characters translated so far, while it works. */
  progress?: { done: number; total: number };
  result?: TranslateDocumentResponse;
}

export const DOCUMENT_MESSAGE_KIND = 'document';

export function documentReplyOf(extra: Record<string, unknown> | undefined): DocumentReply | undefined {
  const reply = extra?.document;
  return reply && typeof reply === 'object' ? (reply as DocumentReply) : undefined;
}

export function toExtra(reply: DocumentReply): Record<string, unknown> {
  return { document: reply };
}

/** 0 to 100, for the progress bar. */
export function progressPercent(progress: DocumentReply['progress']): number {
  if (!progress || progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}
