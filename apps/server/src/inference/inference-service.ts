/**
 * Sema's inference mode: the built-in model served over the Open Inference Protocol to API nodes
 * (or anything else) that tokenize themselves. Each request carries one sequence, as Triton's
 * CTranslate2 backend takes them; sequences of concurrent requests towards the same target language
 * are batched here, as Triton's dynamic batcher would, with the same bounded queue as translation.
 */
import { Batcher } from '../translation/batcher.ts';
import { MAX_SOURCE_TOKENS } from '../translation/engines/tokenizer/model-tokenizer.ts';
import type { TokenGenerator } from '../translation/engines/types.ts';
import { modelUnavailable } from '../translation/errors.ts';
import { InvalidTensor, nllbModelMetadata, type ModelMetadata } from './open-inference.ts';

export interface InferenceServiceOptions {
  generator: TokenGenerator;
  /** The name clients address the model by (`/v2/models/{name}`). */
  modelName: string;
  batchWindowMs: number;
  maxBatchSize: number;
  queueLimit: number;
}

/** The longest sequence the model takes: a row's source tokens plus the language and end tokens. */
const MAX_SEQUENCE = MAX_SOURCE_TOKENS + 2;

export class InferenceService {
  readonly modelName: string;
  private readonly batcher: Batcher<number[], number[]>;

  constructor(private readonly options: InferenceServiceOptions) {
    this.modelName = options.modelName;
    const { generator } = options;
    this.batcher = new Batcher<number[], number[]>({
      // Rows are grouped by their target token, carried as the batch's "target".
      engine: {
        get maxConcurrentBatches() {
          return generator.maxConcurrentBatches;
        },
        translate: (rows, _source, target, signal) => generator.generate(rows, Number(target), signal),
      },
      windowMs: options.batchWindowMs,
      maxBatchSize: options.maxBatchSize,
      queueLimit: options.queueLimit,
    });
  }

  /** Whether the model can run now. */
  get ready(): boolean {
    return this.options.generator.status().state === 'ready';
  }

  metadata(): ModelMetadata {
    return nllbModelMetadata(this.modelName, 'sema_nllb');
  }

  /**
   * Generates from one sequence `[source language, …tokens, </s>]` towards the target language
   * token in `targetPrefix`; resolves with the target token followed by the generated tokens (as
   * CTranslate2 returns a hypothesis: prefix included, end token not). Throws `InvalidTensor` for
   * ids the model does not have, and the engine's 503s while it cannot serve.
   */
  async infer(inputIds: number[], targetPrefix: number[], signal?: AbortSignal): Promise<number[]> {
    const vocabulary = this.options.generator.vocabularySize;
    if (vocabulary === undefined) {
      const status = this.options.generator.status();
      throw modelUnavailable(status.detail ?? `the model is ${status.state}`, undefined, 5);
    }
    if (targetPrefix.length !== 1) {
      throw new InvalidTensor(
        `input 'TARGET_PREFIX' must hold exactly one token, the target language (got ${targetPrefix.length})`,
      );
    }
    if (inputIds.length < 2 || inputIds.length > MAX_SEQUENCE) {
      throw new InvalidTensor(
        `input 'INPUT_IDS' must hold 2 to ${MAX_SEQUENCE} ids, [source language, …tokens, </s>] (got ${inputIds.length}); split longer text`,
      );
    }
    for (const id of [...inputIds, ...targetPrefix]) {
      if (id >= vocabulary)
        throw new InvalidTensor(`token id ${id} is not in the model's vocabulary of ${vocabulary}`);
    }
    const target = targetPrefix[0]!;
    this.batcher.admit(1);
    const generated = await this.batcher.submit(inputIds, 'ids', String(target), signal);
    return [target, ...generated];
  }

  close(): void {
    this.batcher.close(modelUnavailable('the server is shutting down'));
  }
}
