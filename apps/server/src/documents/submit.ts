/**
 * The one way a document is translated, whichever API it came through (our /api/v1, LibreTranslate's
 * translate_file, DeepL's /v2/document): prepare (everything that can refuse the file) → charge its
 * text's characters once → run it in the request or as a job → give the characters back if the
 * translation fails, also when that happens after the upload was answered (a stream's error event, a
 * job that fails or whose node dies). Routes only map their protocol's fields, errors and answers
 * onto it. Nothing here knows HTTP: the caller passes its client's meter and slot.
 */
import type { Glossary } from '../translation/protected-spans.ts';
import type { DocumentTask, TranslatedDocument } from './document-translator.ts';
import type { Meter } from '../lib/meter.ts';
import type { DocumentJob, DocumentJobs } from './jobs.ts';
import type { Upload } from '../lib/http/upload.ts';
import type { PrepareOptions } from './prepare.ts';
import type { SegmentProgress } from './translate-segments.ts';

export interface Submission {
  upload: Upload;
  /** Catalogue codes; the source may be `auto` (detected from the text). */
  source: string;
  target: string;
  options?: PrepareOptions;
  /** The glossary for the document's pair once its source is settled; may refuse the pair (4xx). */
  glossary?: (source: string, target: string) => Glossary | undefined;
  /** Told the characters of a translation delivered (a surface's own usage count). */
  onDelivered?: (characters: number) => void;
}

/** Run while the request waits (its answer or its event stream), or as a job that outlives it. */
export type RunMode =
  | { run: 'inline'; signal: AbortSignal; onProgress?: (progress: SegmentProgress) => void }
  /** `signal`: the job is cancelled when it aborts (a client that waits for the job and leaves). */
  | { run: 'job'; signal?: AbortSignal };

/** An inline run, once charged: the result settles later (failures refunded already). */
export interface InlineRun {
  /** The settled source language (`auto` detected) and the characters charged. */
  source: string;
  characters: number;
  result: Promise<TranslatedDocument>;
}

/** The client a submission is for: its meter and its share of the document slots. */
export interface Submitter {
  /**
   * The client's meter (lib/meter.ts): admits the text's characters (or refuses, quota), gives them
   * back when the translation fails, or hands them to the job that gives them back.
   */
  meter: Meter;
  /** Takes one of the client's document slots (or refuses, 429); returns its release. */
  acquireSlot(): () => void;
}

export interface SubmitDependencies {
  prepare(upload: Upload, source: string, target: string, options?: PrepareOptions): Promise<DocumentTask>;
  jobs: DocumentJobs;
}

export async function submitDocument(
  dependencies: SubmitDependencies,
  submitter: Submitter,
  submission: Submission,
  mode: RunMode,
): Promise<InlineRun | DocumentJob> {
  const release = submitter.acquireSlot();
  let task: DocumentTask | undefined;
  let glossary: Glossary | undefined;
  try {
    task = await dependencies.prepare(
      submission.upload,
      submission.source,
      submission.target,
      submission.options,
    );
    glossary = submission.glossary?.(task.source, task.target);
    if (mode.run === 'job') dependencies.jobs.checkRoom();
    await submitter.meter.admit(task.prepared.characters);
  } catch (error) {
    task?.dispose();
    release();
    throw error;
  }
  const delivered = (document: TranslatedDocument) => submission.onDelivered?.(document.characters);

  if (mode.run === 'job') {
    const job = dependencies.jobs.start(task, {
      ...(glossary ? { glossary } : {}),
      charge: submitter.meter.handOver(),
    });
    const cancel = () => job.cancel();
    mode.signal?.addEventListener('abort', cancel, { once: true });
    void job.finished.then(() => {
      mode.signal?.removeEventListener('abort', cancel);
      release();
      if (job.result) delivered(job.result);
    });
    return job;
  }

  const running = task;
  const result = running
    .run({ signal: mode.signal, glossary, ...(mode.onProgress ? { onProgress: mode.onProgress } : {}) })
    .then(
      (document) => {
        delivered(document);
        return document;
      },
      async (error: unknown) => {
        await submitter.meter.refund();
        throw error;
      },
    )
    .finally(() => {
      running.dispose();
      release();
    });
  // A caller that streams may stop listening before it settles: never an unhandled rejection.
  result.catch(() => {});
  return { source: running.source, characters: running.prepared.characters, result };
}
