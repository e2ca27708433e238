/**
 * Beam search over the encoder and the merged decoder (`SEMA_TRANSLATION_BEAMS` > 1): NLLB's published
 * results use 4 beams, which usually read better than greedy decoding, for about beams times the
 * decoder work. The rules (scoring, when a row is done) are in `beam-search.ts`.
 *
 * One batch holds every running beam of every row, grouped by row. Each step the decoder's own
 * key/value caches are reordered in place by the beam each new beam came from (only the rows that
 * change are written); the encoder side (outputs, mask, cross-attention caches) is the same for all
 * beams of a row and is gathered only when the batch's rows change: once after the first step (one
 * entry per row becomes one per beam) and when rows finish and leave the batch.
 */
import { BeamRow, compareCandidates, type Candidate, type Hypothesis } from './beam-search.ts';
import { releaseBatchState, reorderInPlace, selectBatch } from './batch-state.ts';
import { throwIfAborted, type DecodeJob, type DecodeStats, type Decoder } from './decoder.ts';
import type { DecoderRunner } from './decoder-runner.ts';

export class BeamDecoder implements Decoder {
  constructor(
    private readonly runner: DecoderRunner,
    readonly beams: number,
  ) {}

  /** Per row, the tokens of its best hypothesis. */
  async decode(job: DecodeJob, stats?: DecodeStats): Promise<number[][]> {
    return (await this.search(job, stats)).map((hypothesis) => hypothesis.tokens);
  }

  /** Per row, its best hypothesis with its length-normalised score. */
  async search(job: DecodeJob, stats?: DecodeStats): Promise<Hypothesis[]> {
    return (await this.searchAll(job, stats)).map(
      (finished) => finished[0] ?? { tokens: [], score: -Infinity },
    );
  }

  /** Per row, its finished hypotheses (up to `beams`), best first: the n-best list. */
  async searchAll(job: DecodeJob, stats?: DecodeStats): Promise<Hypothesis[][]> {
    const { rows } = job;
    if (rows.length === 0) return [];
    const { eos } = this.runner.special;
    const searches = rows.map(
      (_, r) =>
        new BeamRow({
          beams: this.beams,
          eos,
          maxNewTokens: job.maxNewTokens[r]!,
          guardLoops: job.guardLoops[r]!,
        }),
    );
    let { state, inputIds, inputLength } = await this.runner.start(job);
    // The row of each batch entry; a row's beams are consecutive, in the order of its `running`.
    let entryRows = rows.map((_, r) => r);

    try {
      while (entryRows.length > 0) {
        const step = await this.runner.step(state, inputIds, inputLength, {
          count: 2 * this.beams,
          logProbs: true,
        });
        const { picks } = step;
        throwIfAborted(job.signal);
        if (stats) stats.steps++;
        const nextRows: number[] = [];
        const from: number[] = [];
        const nextTokens: bigint[] = [];
        for (let first = 0; first < entryRows.length;) {
          const row = entryRows[first]!;
          const search = searches[row]!;
          const candidates: Candidate[] = [];
          search.running.forEach((beam, b) => {
            const at = (first + b) * picks.count;
            for (let i = 0; i < picks.found[first + b]!; i++) {
              candidates.push({
                beam: b,
                token: picks.tokens[at + i]!,
                sum: beam.sum + picks.values[at + i]!,
              });
            }
          });
          const width = search.running.length;
          candidates.sort(compareCandidates);
          for (const beam of search.advance(candidates)) {
            nextRows.push(row);
            from.push(first + beam.from);
            nextTokens.push(BigInt(beam.tokens[beam.tokens.length - 1]!));
          }
          first += width;
        }
        if (nextRows.length === 0) break;
        const sameRows = nextRows.length === entryRows.length && nextRows.every((r, i) => r === entryRows[i]);
        const inPlace = sameRows && from.every((origin, i) => origin === i);
        // The same rows with their beams reordered: the step's own cache is rewritten where it
        // changes. Rows leaving or the first step's rows becoming beams: a new batch is gathered.
        if (inPlace) state = step.state;
        else if (sameRows) state = reorderInPlace(step.state, from);
        else state = selectBatch(step.state, from);
        entryRows = nextRows;
        inputIds = BigInt64Array.from(nextTokens);
        inputLength = 1;
      }
    } finally {
      // The job's buffers, freed now rather than at V8's next full collection (batch-state.ts).
      releaseBatchState(state);
    }
    if (stats) for (const search of searches) stats.generatedTokens += search.best().tokens.length;
    return searches.map((search) => [...search.finished]);
  }
}
