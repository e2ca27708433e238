/**
 * Our own greedy decoding loop over the encoder and the merged decoder of a seq2seq export (any
 * model family), run with onnxruntime-node directly (the default, and the fastest on CPUs).
 *
 * Why not transformers.js `generate`: in a batch it keeps every row running until the last one
 * finishes and hands back the tokens generated after a row's `</s>` as if they were text. Here
 * each row stops at its own `</s>`, its own length cap or a repetition loop, and finished rows
 * leave the batch, so the remaining rows run faster. Outputs equal transformers.js's one-by-one
 * greedy outputs token for token (a test checks it on the tiny model).
 */
import { releaseBatchState, selectBatch } from './batch-state.ts';
import { throwIfAborted, type DecodeJob, type DecodeStats, type Decoder } from './decoder.ts';
import { ARGMAX, type DecoderRunner } from './decoder-runner.ts';
import { loopCut } from './repetition-guard.ts';

export class GreedyDecoder implements Decoder {
  constructor(private readonly runner: DecoderRunner) {}

  /** Returns, per row, the generated tokens without the start, forced and end tokens. */
  async decode(job: DecodeJob, stats?: DecodeStats): Promise<number[][]> {
    const { rows } = job;
    const { eos } = this.runner.special;
    const outputs: number[][] = rows.map(() => []);
    if (rows.length === 0) return outputs;
    let { state, inputIds, inputLength } = await this.runner.start(job);
    /** Original row index of each row still in the batch. */
    let active = rows.map((_, r) => r);

    try {
      while (active.length > 0) {
        const step = await this.runner.step(state, inputIds, inputLength, ARGMAX);
        const { picks } = step;
        throwIfAborted(job.signal);
        if (stats) stats.steps++;
        const keep: number[] = [];
        const next: number[] = [];
        active.forEach((row, i) => {
          const token = picks.tokens[i]!;
          const generated = outputs[row]!;
          if (token === eos) return;
          generated.push(token);
          if (stats) stats.generatedTokens++;
          if (job.guardLoops[row]) {
            const cut = loopCut(generated);
            if (cut !== undefined) {
              generated.length = cut;
              return;
            }
          }
          if (generated.length >= job.maxNewTokens[row]!) return;
          keep.push(i);
          next.push(token);
        });
        state = keep.length < active.length ? selectBatch(step.state, keep) : step.state;
        active = keep.map((i) => active[i]!);
        inputIds = BigInt64Array.from(next, (token) => BigInt(token));
        inputLength = 1;
      }
    } finally {
      // The job's buffers (every state of it shares them: rows leaving move up in them), freed now
      // rather than at V8's next full collection (batch-state.ts).
      releaseBatchState(state);
    }
    return outputs;
  }
}
