/**
 * Each model family's greedy output through our model (its family's framing, our decoder loop)
 * equals transformers.js's `generate` on the same tiny model, token for token, for several
 * sentences and language pairs.
 */
import {
  AutoModelForSeq2SeqLM,
  AutoTokenizer,
  env,
  Tensor,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_M2M100, TINY_OPUS_MT_EN_FR, TINY_SMALL100 } from '../../testing/tiny-models.ts';
import { GreedyDecoder } from './decoding/greedy-decoder.ts';
import { Seq2SeqModel } from './seq2seq-model.ts';

const SENTENCES = [
  'Hello world.',
  'How are you today, my friend?',
  'A much longer sentence that goes on for a while, so that it runs for many more steps.',
];

interface Reference {
  /** The source row transformers.js reads for a sentence and a pair (its family's own codes). */
  inputs(sentence: string, source: string, target: string): { input_ids: Tensor; attention_mask: Tensor };
  /** What `generate` is told besides the inputs (a forced first token, or nothing). */
  options(source: string, target: string): Record<string, unknown>;
  /** How many tokens open its output before the generated ones (start, forced language). */
  opening: number;
}

interface FamilyCase {
  family: string;
  folder: string;
  /** Catalogue pairs and the model's own codes for them. */
  pairs: [catalogue: [string, string], model: [string, string]][];
  reference(tokenizer: PreTrainedTokenizer): Reference;
}

const ids = (tensor: Tensor) => Array.from(tensor.data as BigInt64Array, Number);

const CASES: FamilyCase[] = [
  {
    family: 'm2m100',
    folder: TINY_M2M100,
    pairs: [
      [
        ['eng_Latn', 'fra_Latn'],
        ['en', 'fr'],
      ],
      [
        ['deu_Latn', 'jpn_Jpan'],
        ['de', 'ja'],
      ],
      [
        ['swh_Latn', 'cmn_Hans'],
        ['sw', 'zh'],
      ],
    ],
    // transformers.js's own M2M-100 translation inputs: `__src__ … </s>`, `__tgt__` forced first.
    reference: (tokenizer) => ({
      inputs: (sentence, src_lang, tgt_lang) =>
        // @ts-expect-error the translation helper is not in the public types
        tokenizer._build_translation_inputs([sentence], {}, { src_lang, tgt_lang }),
      options: (src_lang, tgt_lang) => {
        const generateKwargs: Record<string, unknown> = { src_lang, tgt_lang };
        // @ts-expect-error as above; it sets forced_bos_token_id in the options it is given
        tokenizer._build_translation_inputs([''], {}, generateKwargs);
        return { forced_bos_token_id: generateKwargs.forced_bos_token_id };
      },
      opening: 2,
    }),
  },
  {
    family: 'small100',
    folder: TINY_SMALL100,
    pairs: [
      [
        ['eng_Latn', 'fra_Latn'],
        ['en', 'fr'],
      ],
      [
        ['fra_Latn', 'deu_Latn'],
        ['fr', 'de'],
      ],
      [
        ['cmn_Hans', 'swh_Latn'],
        ['zh', 'sw'],
      ],
    ],
    // SMaLL-100 as its tokenizer defines it: `__tgt__ … </s>`, nothing forced.
    reference: (tokenizer) => ({
      inputs: (sentence, _source, target) => {
        const [language, eos] = tokenizer.convert_tokens_to_ids([`__${target}__`, '</s>']) as number[];
        return tensors([language!, ...tokenizer.encode(sentence, { add_special_tokens: false }), eos!]);
      },
      options: () => ({}),
      opening: 1,
    }),
  },
  {
    family: 'marian',
    folder: TINY_OPUS_MT_EN_FR,
    pairs: [
      [
        ['eng_Latn', 'fra_Latn'],
        ['en', 'fr'],
      ],
    ],
    // The pair model's own tokenizer output (`… </s>`); the decoder starts from padding.
    reference: (tokenizer) => ({
      inputs: (sentence) => tokenizer([sentence]) as never,
      options: () => ({}),
      opening: 1,
    }),
  },
];

/** One source row as transformers.js takes it. */
const tensors = (row: number[]) => ({
  input_ids: new Tensor('int64', BigInt64Array.from(row, BigInt), [1, row.length]),
  attention_mask: new Tensor('int64', new BigInt64Array(row.length).fill(1n), [1, row.length]),
});

beforeAll(() => {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
});

describe.each(CASES)('the $family family on its tiny model', ({ family, folder, pairs, reference }) => {
  let ours: Seq2SeqModel;
  let tokenizer: PreTrainedTokenizer;
  let theirs: PreTrainedModel;
  beforeAll(async () => {
    ours = await Seq2SeqModel.load({
      source: { kind: 'folder', path: folder, label: family },
      dtype: 'q8',
      threads: 1,
    });
    tokenizer = await AutoTokenizer.from_pretrained(folder);
    theirs = await AutoModelForSeq2SeqLM.from_pretrained(folder, { dtype: 'q8' });
  }, 120_000);
  afterAll(async () => {
    await ours?.dispose();
    await theirs?.dispose();
  });

  it('is detected as its family', () => {
    expect(ours.family.id).toBe(family);
  });

  it('generates greedily what transformers.js generates, token for token, from the same source rows', async () => {
    const { inputs, options, opening } = reference(tokenizer);
    const decoder = new GreedyDecoder(ours.runner);
    for (const [[source, target], [modelSource, modelTarget]] of pairs) {
      for (const sentence of SENTENCES) {
        const expectedInputs = inputs(sentence, modelSource, modelTarget);
        const { job } = ours.prepare([sentence], source, target);
        expect(job.rows[0], `${sentence} ${source}→${target}: source row`).toEqual(
          ids(expectedInputs.input_ids),
        );
        const output = (await theirs.generate({
          ...expectedInputs,
          ...options(modelSource, modelTarget),
          max_new_tokens: 200,
        } as never)) as Tensor;
        const expected = ids(output).slice(opening);
        const eos = ours.runner.special.eos;
        if (expected.at(-1) === eos) expected.pop();
        const [generated] = await decoder.decode(job);
        expect(generated, `${sentence} ${source}→${target}`).toEqual(expected);
        expect(generated!.length).toBeGreaterThan(0);
        const { translations } = await ours.translate([sentence], source, target);
        expect(translations[0]).toBe(tokenizer.decode(expected, { skip_special_tokens: true }).trim());
      }
    }
  }, 120_000);
});
