import { parentPort, type TransferListItem } from 'node:worker_threads';
import { ApiError } from '../../lib/errors.ts';
import { prepareDocument, type PreparedDocument } from '../prepare.ts';
import type { FromWorker, ToWorker } from './protocol.ts';

/**
 * Runs the format parsers off the main thread: a hostile or pathological file can only slow or
 * crash this worker (which the main thread times out and replaces), never the server's event loop.
 * It keeps each prepared document until the main thread asks for its rebuild or discards it.
 */
const port = parentPort!;
const documents = new Map<number, { prepared: PreparedDocument; touched: number }>();
let nextDocument = 1;

/** Documents a client abandoned without a discard (a crash on the main side) are dropped after this. */
const IDLE_DOCUMENT_MS = 30 * 60_000;
setInterval(() => {
  const cutoff = Date.now() - IDLE_DOCUMENT_MS;
  for (const [id, entry] of documents) if (entry.touched < cutoff) documents.delete(id);
}, 60_000).unref();

function send(message: FromWorker, transfer: TransferListItem[] = []): void {
  port.postMessage(message, transfer);
}

/** The bytes' buffer, when it holds exactly those bytes (then it moves instead of being copied). */
function transferable(body: string | Uint8Array): TransferListItem[] {
  if (typeof body === 'string' || body.byteOffset !== 0 || body.byteLength !== body.buffer.byteLength)
    return [];
  return [body.buffer as ArrayBuffer];
}

port.on('message', async (message: ToWorker) => {
  if (message.type === 'discard') {
    documents.delete(message.document);
    return;
  }
  try {
    if (message.type === 'prepare') {
      const prepared = await prepareDocument(message.upload, message.limits, message.options);
      const document = nextDocument++;
      documents.set(document, { prepared, touched: Date.now() });
      const { rebuild: _rebuild, dispose: _dispose, ...info } = prepared;
      send({ type: 'prepared', job: message.job, document, info });
    } else {
      const entry = documents.get(message.document);
      if (!entry) throw new Error(`document ${message.document} is not held by this worker`);
      entry.touched = Date.now();
      const body = await entry.prepared.rebuild(message.translations);
      send({ type: 'rebuilt', job: message.job, body }, transferable(body));
    }
  } catch (error) {
    const known =
      error instanceof ApiError
        ? { statusCode: error.statusCode, code: error.code, detail: error.detail }
        : null;
    send({
      type: 'failed',
      job: message.job,
      error: known,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});

send({ type: 'ready' });
