/**
 * The worker thread that owns the NLLB model: loads it (downloading if needed), then translates one
 * batch at a time so the server's event loop never waits on the model.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { describeLoadFailure } from './load-errors.ts';
import { NllbModel } from './nllb-model.ts';
import type { FromWorker, ToWorker, WorkerSettings } from './protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker.ts must run in a worker thread');
const settings = (workerData as { settings: WorkerSettings }).settings;
const send = (message: FromWorker) => port.postMessage(message);

const cancels = new Map<number, AbortController>();
let queue: Promise<void> = Promise.resolve();

const started = performance.now();
const loading = NllbModel.load({
  ...settings,
  onDownload: (progress) => send({ type: 'download', ...progress }),
});
loading.then(
  () => send({ type: 'ready', seconds: (performance.now() - started) / 1000 }),
  (error: unknown) =>
    send({ type: 'load-failed', ...describeLoadFailure(error, settings.source, settings.dtype) }),
);

port.on('message', (message: ToWorker) => {
  if (message.type === 'cancel') {
    cancels.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  cancels.set(message.id, controller);
  // One batch at a time: a second batch would only slow the first one down.
  queue = queue.then(async () => {
    try {
      if (controller.signal.aborted) throw new DOMException('cancelled', 'AbortError');
      const model = await loading;
      const { translations, stats } = await model.translate(
        message.sentences,
        message.source,
        message.target,
        controller.signal,
      );
      send({ type: 'translated', id: message.id, translations, stats });
    } catch (error) {
      const aborted = (error as Error).name === 'AbortError';
      send({ type: 'failed', id: message.id, message: (error as Error).message, aborted });
    } finally {
      cancels.delete(message.id);
    }
  });
});
