import type { Upload } from '../../lib/http/upload.ts';
import type { PrepareOptions, PreparedDocument } from '../prepare.ts';
import type { DocumentLimits } from '../types.ts';

/** What the main thread asks the document worker. One job at a time; `job` matches the answer. */
export type ToWorker =
  | { type: 'prepare'; job: number; upload: Upload; limits: DocumentLimits; options: PrepareOptions }
  | { type: 'rebuild'; job: number; document: number; translations: string[] }
  | { type: 'discard'; document: number };

/** A prepared document as it crosses the thread boundary: everything but its rebuild function. */
export type PreparedInfo = Omit<PreparedDocument, 'rebuild' | 'dispose'>;

/** An ApiError's fields (classes do not survive postMessage); null for an unexpected failure. */
export interface WorkerError {
  statusCode: number;
  code: string;
  detail: string;
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'prepared'; job: number; document: number; info: PreparedInfo }
  | { type: 'rebuilt'; job: number; body: string | Uint8Array }
  | { type: 'failed'; job: number; error: WorkerError | null; message: string };
