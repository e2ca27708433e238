/**
 * Reading a dropped document for the chat-mode flow: the flow starts it at once, so that the server
 * translates the document while the question is detected, and takes the outcome when it needs it.
 */

/** A document read for the model. */
export interface DocumentInEnglish {
  /** Its text in English, cut to the budget the reader was given. */
  english: string;
  /** The language it is written in. */
  language: string;
  truncated: boolean;
  /** The server's id for what it read, which the chat turn names instead of sending the text back. */
  readingId?: string;
}

/** Reads a document in English (the app gives one built on the documents API). */
export type DocumentReader = (
  signal: AbortSignal,
  onProgress: (progress: { done: number; total: number }) => void,
) => Promise<DocumentInEnglish>;

export type ReadingOutcome = { ok: true; document: DocumentInEnglish } | { ok: false; error: unknown };

export interface DocumentReading {
  /** Never rejects, so a reading nobody waits for any more (a failed detection) is no unhandled error. */
  outcome: Promise<ReadingOutcome>;
  /** Stops the reading on the server when the flow no longer needs it. */
  cancel: () => void;
}

export function startReading(
  read: DocumentReader,
  signal: AbortSignal,
  onProgress: (progress: { done: number; total: number }) => void,
): DocumentReading {
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  const outcome = read(controller.signal, onProgress).then(
    (document): ReadingOutcome => ({ ok: true, document }),
    (error: unknown): ReadingOutcome => ({ ok: false, error }),
  );
  void outcome.finally(() => signal.removeEventListener('abort', stop));
  return {
    outcome,
    cancel: () => controller.abort(new DOMException('Not needed any more', 'AbortError')),
  };
}
