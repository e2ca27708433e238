import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { createDocumentTranslator } from '../../documents/document-translator.ts';
import type { DocumentJob } from '../../documents/jobs.ts';
import { DocumentJobs } from '../../documents/jobs.ts';
import { documentLimits, READER_LIMITS } from '../../documents/limits.ts';
import { MemoryJobStore } from '../../documents/memory-job-store.ts';
import { RedisJobStore } from '../../documents/redis-job-store.ts';
import { submitDocument, type InlineRun, type RunMode, type Submission } from '../../documents/submit.ts';
import type { DocumentLimits } from '../../documents/types.ts';
import { DocumentReader } from '../../documents/worker/document-reader.ts';
import { ApiError } from '../../lib/errors.ts';
import { throttledWarning } from '../../lib/throttled-warning.ts';
import { DocumentReadings } from '../../documents/readings.ts';

/** Document translation: read a file, translate its text, write the same format back. */
export interface DocumentService {
  limits: DocumentLimits;
  /**
   * Translates an upload for `request`'s client (documents/submit.ts): checked, charged once, run
   * inline (the result settles later; a failure is refunded) or as a job (refunded if it fails).
   */
  submit(
    request: FastifyRequest,
    submission: Submission,
    mode: Extract<RunMode, { run: 'inline' }>,
  ): Promise<InlineRun>;
  submit(
    request: FastifyRequest,
    submission: Submission,
    mode: Extract<RunMode, { run: 'job' }>,
  ): Promise<DocumentJob>;
  /** A job of any node (with REDIS_URL), if `key` is its key; a 503 when the store does not answer. */
  find(id: string, key: string): Promise<DocumentJob | undefined>;
  /** Seconds until a running job is likely done, from its pace so far. */
  secondsRemaining(job: DocumentJob): number | undefined;
  /** Documents read in English, kept for the chat turn about them (documents/readings.ts). */
  readings: DocumentReadings;
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentService;
  }
}

/**
 * The document service, registered like translation and chat: parsers run in a worker thread with
 * a time and memory limit (a hostile file cannot stall the server), the text goes through the
 * translation service as one piece of work, and an unknown source is detected from the text. Jobs
 * are kept in Redis when REDIS_URL is set (any node polls any job), else in this process.
 */
export default fp(
  async (app) => {
    const limits = documentLimits(app.config.documents);
    const reader = new DocumentReader({ ...READER_LIMITS, log: app.log });
    app.addHook('onClose', () => reader.close());
    const translator = createDocumentTranslator({
      limits,
      read: (upload, readLimits, options) => reader.prepare(upload, readLimits, options),
      translateTexts: (texts, source, target, signal, glossary) =>
        app.translation.translateAll(
          texts.map((text) => ({ text, source, target, ...(glossary ? { glossary } : {}) })),
          signal,
        ),
      detect: (text) => app.sourceDetector.detect(text),
    });
    const redis = app.redis.client;
    const readingsWarning = throttledWarning(app.log);
    const jobs = new DocumentJobs({
      store: redis ? new RedisJobStore(redis) : new MemoryJobStore(),
      refund: (charge) => app.apiKeys.refundCharge(charge),
      log: app.log.child({ service: 'document-jobs' }),
    });
    // Jobs still running once the requests in flight are done are failed (and refunded) before
    // Redis closes, so that other nodes read them as failed at once.
    app.addHook('onClose', () =>
      jobs.close(
        new ApiError(503, 'SHUTTING_DOWN', 'The server translating this document stopped; upload it again'),
      ),
    );

    const submit = (request: FastifyRequest, submission: Submission, mode: RunMode) =>
      submitDocument(
        { prepare: translator.prepare, jobs },
        {
          meter: app.apiKeys.meter(request),
          acquireSlot: () => app.clientCaps.documents.acquire(request.ip),
        },
        submission,
        mode,
      );

    app.decorate('documents', {
      limits,
      submit: submit as DocumentService['submit'],
      find: (id, key) => jobs.find(id, key),
      secondsRemaining: (job) => jobs.secondsRemaining(job),
      readings: new DocumentReadings(redis, (error) =>
        readingsWarning({ err: error }, 'Redis could not keep or find a document read for a chat'),
      ),
    } satisfies DocumentService);
  },
  { name: 'documents', dependencies: ['translation', 'detector', 'redis', 'api-keys', 'client-caps'] },
);
