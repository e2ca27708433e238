/**
 * The token picker as ONNX graphs, written as protobuf bytes (`onnx-writer.ts`): the
 * step's logits + a bias of −∞ on the tokens never generated → log-softmax for beam search → TopK.
 *
 * Two forms of the same nodes:
 * - `pickerModel`: a model of its own, for a second session fed the logits the decoder returned.
 * - `decoderPickerTail`: the same nodes appended to the decoder's own graph, so that a step returns
 *   its picks and its logits never leave the runtime (for NLLB at batch 32, 33 MB a step that the
 *   Node binding would otherwise copy into a fresh buffer). It relies on how protobuf reads a
 *   message: a field holding a message that occurs twice is merged, its repeated fields
 *   concatenated. So a second `graph` field holding only the new nodes, inputs and outputs, written
 *   after the end of a model file, adds them to that model's graph, and the copy of the decoder the
 *   engine writes anyway (int8-weights.ts) only grows by these bytes.
 */

/** Inputs and outputs the tail adds to the decoder. */
import { DECODER_IO } from '../model/export-layout.ts';
import { BOOL, FLOAT, INT64, message, node, value, type Field } from './onnx-writer.ts';

export const PICKER_IO = {
  /** float [vocab]: 0, or −∞ for a token never to be generated. */
  bias: 'sema_token_bias',
  /** int64 [1]: how many tokens to pick per position. */
  count: 'sema_pick_count',
  /** bool [1]: pick by log-probability (beam search) rather than by logit (greedy). */
  logProbs: 'sema_log_probs',
  /** float [batch, positions, count], best first. */
  values: 'sema_pick_values',
  /** int64 [batch, positions, count]. */
  tokens: 'sema_pick_tokens',
} as const;

/** A standalone picker: inputs `logits` [rows, positions, vocab], `bias` [vocab], `k` [1]; outputs `values`, `tokens`. */
export function pickerModel(logProbs: boolean): Uint8Array {
  const scored = logProbs ? 'log_probs' : 'masked';
  const graph = message([
    [1, node('Add', ['logits', 'bias'], ['masked'])],
    ...(logProbs ? [[1, node('LogSoftmax', ['masked'], ['log_probs'], [['axis', 2]])] as Field] : []),
    [1, node('TopK', [scored, 'k'], ['values', 'tokens'], [['axis', 2]])],
    [2, 'token_picker'],
    [11, value('logits', FLOAT)],
    [11, value('bias', FLOAT)],
    [11, value('k', INT64)],
    [12, value('values', FLOAT)],
    [12, value('tokens', INT64)],
  ]);
  return message([
    [1, 8], // IR version 8
    [
      8,
      message([
        [1, ''],
        [2, 13],
      ]),
    ], // opset 13
    [7, graph],
  ]);
}

/**
 * Bytes that, appended to a merged decoder's model file, add the picker after its `logits` output:
 * one `If` on `sema_log_probs` runs either branch only (ONNX Runtime runs every node of a graph
 * whatever the outputs asked for, and the log-softmax over NLLB's 256,206 logits is most of the
 * picker's cost, which greedy decoding does not need).
 */
export function decoderPickerTail(): Uint8Array {
  const { bias, count, logProbs, values, tokens } = PICKER_IO;
  const branch = (name: string, withLogProbs: boolean) =>
    message([
      ...(withLogProbs
        ? [[1, node('LogSoftmax', ['sema_masked'], [`${name}_scored`], [['axis', 2]])] as Field]
        : []),
      [
        1,
        node(
          'TopK',
          [withLogProbs ? `${name}_scored` : 'sema_masked', count],
          [`${name}_values`, `${name}_tokens`],
          [['axis', 2]],
        ),
      ],
      [2, name],
      [12, value(`${name}_values`, FLOAT)],
      [12, value(`${name}_tokens`, INT64)],
    ]);
  const graph = message([
    [1, node('Add', [DECODER_IO.logits, bias], ['sema_masked'])],
    [
      1,
      node(
        'If',
        [logProbs],
        [values, tokens],
        [],
        [
          ['then_branch', branch('sema_pick_log_probs', true)],
          ['else_branch', branch('sema_pick_logits', false)],
        ],
      ),
    ],
    [11, value(bias, FLOAT)],
    [11, value(count, INT64)],
    [11, value(logProbs, BOOL)],
    [12, value(values, FLOAT)],
    [12, value(tokens, INT64)],
  ]);
  return message([[7, graph]]);
}
