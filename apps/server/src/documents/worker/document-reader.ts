import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/errors.ts';
import { formatBytes } from '../../lib/format-bytes.ts';
import { documentError } from '../errors.ts';
import type { Upload } from '../../lib/http/upload.ts';
import { siblingModule } from '../../lib/sibling-module.ts';
import type { PrepareOptions, PreparedDocument } from '../prepare.ts';
import type { DocumentLimits } from '../types.ts';
import type { FromWorker, PreparedInfo, ToWorker } from './protocol.ts';

/**
 * The main thread's side of the document worker. Jobs (read a file, rebuild it) run one at a time;
 * each has a time limit that starts when the worker takes it, and the worker has a memory limit.
 * A job over either is refused with a clear reason and the worker is replaced, so one hostile file
 * costs at most that time and that memory.
 */
export interface DocumentReaderOptions {
  /** Longest a single read or rebuild may take. */
  timeoutMs: number;
  /** Heap of the worker; past it the worker dies and the file is refused. */
  maxMemoryMb: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

type Job = {
  message: Extract<ToWorker, { type: 'prepare' | 'rebuild' }>;
  resolve: (message: FromWorker) => void;
  reject: (error: unknown) => void;
};

interface Running {
  worker: Worker;
  generation: number;
  ready: Promise<void>;
}

export class DocumentReader {
  private running: Running | null = null;
  private generation = 0;
  private nextJob = 1;
  private readonly queue: Job[] = [];
  private current: { job: Job; timer?: NodeJS.Timeout } | null = null;
  private closed = false;

  constructor(private readonly options: DocumentReaderOptions) {}

  /** Reads and checks a file in the worker; the result's rebuild also runs there. */
  async prepare(
    upload: Upload,
    limits: DocumentLimits,
    options: PrepareOptions = {},
  ): Promise<PreparedDocument> {
    const answer = await this.run({ type: 'prepare', job: 0, upload, limits, options });
    if (answer.type !== 'prepared') throw new Error(`unexpected answer ${answer.type}`);
    const generation = this.generation;
    const document = answer.document;
    let disposed = false;
    const info: PreparedInfo = answer.info;
    return {
      ...info,
      rebuild: async (translations) => {
        if (generation !== this.generation) {
          throw new ApiError(
            503,
            'OVERLOADED',
            'The document reader was restarted while this file was translated; please send it again.',
          );
        }
        const rebuilt = await this.run({
          type: 'rebuild',
          job: 0,
          document,
          translations: [...translations],
        });
        if (rebuilt.type !== 'rebuilt') throw new Error(`unexpected answer ${rebuilt.type}`);
        return rebuilt.body;
      },
      dispose: () => {
        if (disposed || generation !== this.generation || !this.running) return;
        disposed = true;
        this.running.worker.postMessage({ type: 'discard', document } satisfies ToWorker);
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      job.reject(new ApiError(503, 'OVERLOADED', 'The server is shutting down.'));
    await this.stop();
  }

  private run(message: Job['message']): Promise<FromWorker> {
    if (this.closed) return Promise.reject(new ApiError(503, 'OVERLOADED', 'The server is shutting down.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ message: { ...message, job: this.nextJob++ }, resolve, reject });
      void this.pump();
    });
  }

  /** Starts the next job when the worker is free (and running). */
  private async pump(): Promise<void> {
    if (this.current || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    const running = this.ensureWorker();
    // Busy, the worker keeps the process alive; idle, it must not (see finish()).
    running.worker.ref();
    this.current = { job };
    try {
      await running.ready;
    } catch (error) {
      this.options.log?.error({ err: error }, 'document worker failed to start');
      this.finish(job, () =>
        job.reject(new ApiError(503, 'OVERLOADED', 'The document reader could not start; please try again.')),
      );
      return;
    }
    if (this.current?.job !== job) return;
    // The clock starts once the worker is up, so its start-up never counts against a file.
    this.current.timer = setTimeout(() => this.timedOut(job), this.options.timeoutMs);
    running.worker.postMessage(job.message);
  }

  private finish(job: Job, settle: () => void): void {
    if (this.current?.job === job) {
      clearTimeout(this.current.timer);
      this.current = null;
    }
    settle();
    if (this.queue.length === 0) this.running?.worker.unref();
    void this.pump();
  }

  private onMessage(running: Running, message: FromWorker): void {
    if (message.type === 'ready' || running !== this.running) return;
    const job = this.current?.job;
    if (!job || job.message.job !== message.job) return;
    if (message.type === 'failed') {
      const error = message.error
        ? new ApiError(message.error.statusCode, message.error.code, message.error.detail)
        : new Error(message.message);
      this.finish(job, () => job.reject(error));
    } else {
      this.finish(job, () => job.resolve(message));
    }
  }

  private timedOut(job: Job): void {
    const seconds = Math.round(this.options.timeoutMs / 100) / 10;
    this.options.log?.warn({ timeoutMs: this.options.timeoutMs }, 'document worker timed out; replacing it');
    void this.stop();
    this.finish(job, () =>
      job.reject(
        documentError(
          'INVALID_DOCUMENT',
          `The file took longer than ${seconds} s to ${job.message.type === 'prepare' ? 'read' : 'rebuild'} and was refused (it is too complex, or hostile).`,
        ),
      ),
    );
  }

  private onExit(running: Running, error: Error | undefined): void {
    if (running !== this.running) return;
    this.running = null;
    this.generation += 1;
    const job = this.current?.job;
    if (!job) return;
    const outOfMemory = (error as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
    this.options.log?.error({ err: error }, 'document worker stopped while reading a file');
    this.finish(job, () =>
      job.reject(
        outOfMemory
          ? documentError(
              'DOCUMENT_TOO_LARGE',
              `The file needs more than ${formatBytes(this.options.maxMemoryMb * 1024 * 1024)} of memory to read and was refused.`,
            )
          : documentError('INVALID_DOCUMENT', 'The file could not be read (the reader stopped on it).'),
      ),
    );
  }

  private ensureWorker(): Running {
    if (this.running) return this.running;
    const worker = new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
      workerData: { entry: siblingModule('./document-worker', import.meta.url).href },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxMemoryMb },
    });
    let failure: Error | undefined;
    const running: Running = {
      worker,
      generation: this.generation,
      ready: new Promise((resolve, reject) => {
        worker.once('message', (message: FromWorker) => (message.type === 'ready' ? resolve() : undefined));
        worker.once('exit', () => reject(failure ?? new Error('the document worker exited while starting')));
      }),
    };
    running.ready.catch(() => {});
    worker.on('message', (message: FromWorker) => this.onMessage(running, message));
    worker.on('error', (error) => (failure = error));
    worker.on('exit', () => this.onExit(running, failure));
    this.running = running;
    return running;
  }

  private async stop(): Promise<void> {
    const running = this.running;
    if (!running) return;
    this.running = null;
    this.generation += 1;
    await running.worker.terminate();
  }
}
