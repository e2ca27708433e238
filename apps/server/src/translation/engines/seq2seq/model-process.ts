/**
 * The model process: loads the translation model (downloading it if needed), then translates one batch at
 * a time. It is a separate process, not a thread: a crash in ONNX Runtime, running out of memory,
 * or being killed mid-inference takes down only this process, never the server.
 */
import type { ServedLanguages } from '../families/model-family.ts';
import { describeLoadFailure } from './load-errors.ts';
import { Seq2SeqModel } from './seq2seq-model.ts';
import {
  HEARTBEAT_MS,
  type FromModelProcess,
  type ToModelProcess,
  type ModelProcessSettings,
} from './protocol.ts';

if (!process.send) throw new Error('model-process.ts must run as a child process with an IPC channel');
// Once the server has closed the channel (its way of stopping this process), a heartbeat or an
// answer due before 'disconnect' is handled has nobody to go to: it is dropped (the callback takes
// the failure, an EPIPE, which would otherwise be thrown as an unhandled 'error' event), and
// 'disconnect' ends the process.
const send = (message: FromModelProcess) => {
  if (process.connected) process.send!(message, undefined, {}, () => {});
};
// Without the server there is nobody to answer: do not linger holding the model's memory. This is
// also how the server stops it (it closes the channel), and how it ends when the server dies.
process.on('disconnect', () => process.exit(0));
// The server owns this process's life. A SIGTERM or SIGINT sent to the whole process group (systemd's
// default stop, Ctrl-C in a terminal) reaches this process too, while the server goes on serving
// through its drain delay and then stops this process itself: dying at the signal would fail those
// translations and log a crash during a clean stop. SIGKILL still ends it (the hang watchdog).
process.on('SIGTERM', () => {});
process.on('SIGINT', () => {});
// The event loop turns between decoder steps, so this goes out while a batch runs too; a process
// that is stopped or stuck stays silent, and the server replaces it.
setInterval(() => send({ type: 'heartbeat' }), HEARTBEAT_MS);

const cancels = new Map<number, AbortController>();
let queue: Promise<void> = Promise.resolve();
let loading: Promise<Seq2SeqModel> | undefined;

function load(settings: ModelProcessSettings): Promise<Seq2SeqModel> {
  const started = performance.now();
  const model = Seq2SeqModel.load({
    ...settings,
    onDownload: (progress) => send({ type: 'download', ...progress }),
    onIdentified: ({ family, languages }) =>
      send({
        type: 'identified',
        family: family.id,
        languages: { sources: [...languages.sources.keys()], targets: [...languages.targets.keys()] },
      }),
  }).then(async (loaded) => {
    // The first run of a session is slow (kernels, allocations); pay for it before anyone waits.
    const [source, target] = warmUpPair(loaded.languages);
    await loaded.translate(['Hello.'], source, target);
    return loaded;
  });
  model.then(
    (loaded) =>
      send({
        type: 'ready',
        seconds: (performance.now() - started) / 1000,
        vocabularySize: loaded.vocabularySize,
        features: loaded.features,
        family: loaded.family.id,
        languages: {
          sources: [...loaded.languages.sources.keys()],
          targets: [...loaded.languages.targets.keys()],
        },
      }),
    (error: unknown) =>
      send({
        type: 'load-failed',
        ...describeLoadFailure(error, settings.source, settings.dtype, settings.setting),
      }),
  );
  return model;
}

/** A pair the model serves, English to French where it can (another one if it cannot). */
function warmUpPair({ sources, targets }: ServedLanguages): [string, string] {
  const source = sources.has('eng_Latn') ? 'eng_Latn' : [...sources.keys()][0]!;
  const target = targets.has('fra_Latn') ? 'fra_Latn' : [...targets.keys()].find((code) => code !== source)!;
  return [source, target];
}

process.on('message', (message: ToModelProcess) => {
  if (message.type === 'start') {
    loading ??= load(message.settings);
    return;
  }
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
      if (!loading) throw new Error('the model was never started');
      const model = await loading;
      if (message.type === 'alternatives') {
        const { sentences, source, target, count } = message;
        const alternatives = await model.alternatives(sentences, source, target, count, controller.signal);
        send({ type: 'alternatives', id: message.id, alternatives });
        return;
      }
      if (message.type === 'generate') {
        const { outputs, stats } = await model.generate(message.rows, message.targetToken, controller.signal);
        send({ type: 'generated', id: message.id, outputs, stats });
        return;
      }
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
