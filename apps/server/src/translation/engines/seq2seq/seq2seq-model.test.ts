import { AutoModelForSeq2SeqLM, AutoTokenizer, env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_NLLB } from '../../testing/tiny-nllb.ts';
import { resolveModelSource } from '../model-source.ts';
import { Seq2SeqModel } from './seq2seq-model.ts';

const SENTENCES = [
  'Hello world.',
  'How are you today, my friend?',
  'A much longer sentence that goes on for a while, so that its row finishes last.',
  'Ok.',
];

let model: Seq2SeqModel;

beforeAll(async () => {
  const source = resolveModelSource(TINY_NLLB, { cacheDir: '/nonexistent' });
  model = await Seq2SeqModel.load({ source, dtype: 'q8', threads: 1 });
});
afterAll(() => model?.dispose());

describe('Seq2SeqModel on the tiny fixture', () => {
  it('translates every sentence, deterministically, without special tokens', async () => {
    const first = await model.translate(SENTENCES, 'eng_Latn', 'swh_Latn');
    const second = await model.translate(SENTENCES, 'eng_Latn', 'swh_Latn');
    expect(first.translations).toEqual(second.translations);
    expect(first.translations).toHaveLength(SENTENCES.length);
    for (const text of first.translations) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/<\/?s>|<pad>|<unk>|[a-z]{3}_[A-Z][a-z]{3}/);
    }
  });

  it('gives the same output batched as one by one', async () => {
    const batched = await model.translate(SENTENCES, 'eng_Latn', 'fra_Latn');
    const single = [];
    for (const sentence of SENTENCES)
      single.push(...(await model.translate([sentence], 'eng_Latn', 'fra_Latn')).translations);
    expect(batched.translations).toEqual(single);
  });

  it('depends on the target language', async () => {
    const [french] = (await model.translate([SENTENCES[1]!], 'eng_Latn', 'fra_Latn')).translations;
    const [german] = (await model.translate([SENTENCES[1]!], 'eng_Latn', 'deu_Latn')).translations;
    expect(french).not.toBe(german);
  });

  it('matches transformers.js greedy generation token for token', async () => {
    env.allowRemoteModels = false;
    const tokenizer = await AutoTokenizer.from_pretrained(TINY_NLLB);
    const reference = await AutoModelForSeq2SeqLM.from_pretrained(TINY_NLLB, { dtype: 'q8' });
    try {
      for (const sentence of SENTENCES) {
        const options = { src_lang: 'eng_Latn', tgt_lang: 'swh_Latn' };
        // @ts-expect-error the NLLB tokenizer's translation helper is not in the public types
        const inputs = tokenizer._build_translation_inputs([sentence], {}, options);
        const output = await reference.generate({ ...inputs, ...options, max_new_tokens: 200 });
        const expected = tokenizer.batch_decode(output as never, { skip_special_tokens: true })[0]!.trim();
        const ours = (await model.translate([sentence], 'eng_Latn', 'swh_Latn')).translations[0];
        expect(ours).toBe(expected);
      }
    } finally {
      await reference.dispose();
    }
  });

  it('puts the source language into every call, with nothing left over from the one before', async () => {
    const sentence = 'Where is the station?';
    const fromEnglish = (await model.translate([sentence], 'eng_Latn', 'deu_Latn')).translations;
    const fromFrench = (await model.translate([sentence], 'fra_Latn', 'deu_Latn')).translations;
    expect(fromFrench).not.toEqual(fromEnglish);
    expect((await model.translate([sentence], 'eng_Latn', 'deu_Latn')).translations).toEqual(fromEnglish);
  });

  it('rejects a language the model does not serve', async () => {
    await expect(model.translate(['Hi.'], 'eng_Latn', 'xxx_Latn')).rejects.toThrow(
      /does not translate into 'xxx_Latn'/,
    );
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(model.translate(SENTENCES, 'eng_Latn', 'swh_Latn', controller.signal)).rejects.toThrow(
      /abort/i,
    );
  });
});
