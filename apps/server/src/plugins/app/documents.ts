import fp from 'fastify-plugin';
import { createDocumentTranslator } from '../../documents/document-translator.ts';
import { DocumentJobs } from '../../documents/jobs.ts';
import { documentLimits, READER_LIMITS } from '../../documents/limits.ts';
import type { DocumentLimits } from '../../documents/types.ts';
import { DocumentReader } from '../../documents/worker/document-reader.ts';

/** Document translation: read a file, translate its text, write the same format back. */
export interface DocumentService {
  limits: DocumentLimits;
  prepare: ReturnType<typeof createDocumentTranslator>['prepare'];
  /**
   * Translations that outlive their request (DeepL's /v2/document, LibreTranslate's download links);
   * `find` sees those of every node when REDIS_URL is set.
   */
  jobs: DocumentJobs;
}

declare module 'fastify' {
  interface FastifyInstance {
    documents: DocumentService;
  }
}

/**
 * The document service, registered like translation and chat: parsers run in a worker thread with
 * a time and memory limit (a hostile file cannot stall the server), the text goes through the
 * translation service as one piece of work, and an unknown source is detected from the text.
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
      detectLanguage: (text) => app.detector.detect(text)?.language ?? null,
    });
    const jobs = new DocumentJobs({
      log: app.log.child({ service: 'document-jobs' }),
      // With REDIS_URL, a job started through one node can be polled and fetched through another.
      redis: app.redis.client ?? undefined,
    });
    app.addHook('onClose', async () => jobs.close());
    app.decorate('documents', { limits, prepare: translator.prepare, jobs });
  },
  { name: 'documents', dependencies: ['translation', 'detector', 'redis'] },
);
