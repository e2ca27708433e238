#!/usr/bin/python3
"""Writes the tiny random-weight models of the model families other than NLLB, small enough to
commit, in the layouts transformers.js publishes (config.json, generation_config.json,
tokenizer.json, tokenizer_config.json, onnx/encoder_model{,_quantized}.onnx,
onnx/decoder_model_merged{,_quantized}.onnx):

  tiny-m2m100        M2M-100 (`m2m_100`, M2M100Tokenizer, 100 `__xx__` language tokens)
  tiny-small100      SMaLL-100 (M2M-100's architecture and tokens, SMALL100Tokenizer)
  tiny-opus-mt-en-fr OPUS-MT English→French (`marian`: post-norm, swish, positions from 0,
                     final_logits_bias; `</s>` 0, padding the decoder start)
  tiny-opus-mt-de-en OPUS-MT German→English, the same layout with other weights (its own seed),
                     so that routing tests can tell from the output which model answered

The graphs come from make-synthetic-nllb.py's builders (numpy and onnx only, no torch). Their text
is nonsense, but they stop by themselves as tiny-nllb does: the decoder's logits get a fixed
steer that makes `</s>` win once the output is as long as the source row (so a sentence of n tokens
gives about n tokens), and that keeps special and language tokens from ever being chosen. The same
bytes come out every run.

    /usr/bin/python3 apps/server/scripts/make-tiny-families.py [fixtures-folder]
"""

import importlib.util
import os
import sys

import numpy as np
from onnx import TensorProto

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('synthetic', os.path.join(HERE, 'make-synthetic-nllb.py'))
synthetic = importlib.util.module_from_spec(spec)
spec.loader.exec_module(synthetic)

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', 'test', 'fixtures')

M2M100_LANGUAGES = """
af am ar ast az ba be bg bn br bs ca ceb cs cy da de el en es et fa ff fi fr fy ga gd gl gu ha he hi
hr ht hu hy id ig ilo is it ja jv ka kk km kn ko lb lg ln lo lt lv mg mk ml mn mr ms my ne nl no ns
oc or pa pl ps pt ro ru sd si sk sl so sq sr ss su sv sw ta th tl tn tr uk ur uz vi wo xh yi yo zh zu
""".split()
assert len(M2M100_LANGUAGES) == 100

TINY = dict(d_model=32, layers=2, heads=2, ffn=64)
# Enough for the longest row the engine makes (510 tokens and its framing); the published models
# have 1024 (M2M-100) and 512 (OPUS-MT), which would double the files' size here.
POSITIONS = 520
PIECES = 400
BIG = 1e4
SEED = 20251126


def steer(eos, banned):
    """Logits + a fixed steer: banned ids never win; `</s>` wins from the position where output and
    source row are as long (the source length is the encoder mask's sum)."""

    def apply(g, logits, query_pos):
        vocab = TINY_VOCAB[0]
        base = np.zeros(vocab, dtype=np.float32)
        base[banned] = -BIG
        base[eos] = -BIG
        stop = np.zeros(vocab, dtype=np.float32)
        stop[eos] = 2 * BIG
        mask = g.op('Cast', ['encoder_attention_mask'], to=TensorProto.FLOAT)
        source_length = g.op('ReduceSum', [mask, g.const([1])], keepdims=1)  # [batch, 1]
        position = g.op('Unsqueeze', [g.op('Cast', [query_pos], to=TensorProto.FLOAT), g.const([0])])  # [1, len]
        done = g.op('Cast', [g.op('Not', [g.op('Less', [g.op('Add', [position, g.const(1.0, np.float32)]),
                                                          source_length])])], to=TensorProto.FLOAT)
        steered = g.op('Mul', [g.op('Unsqueeze', [done, g.const([2])]), g.init('steer_stop', stop)])
        return g.op('Add', [g.op('Add', [logits, g.init('steer_base', base)]), steered])

    return apply


TINY_VOCAB = [0]


def special(ids, token):
    return {'id': ids[token], 'content': token, 'single_word': False, 'lstrip': False, 'rstrip': False,
            'normalized': False, 'special': True}


def tokenizer_json(vocab, specials, post_processor):
    ids = {token: index for index, token in enumerate(vocab)}
    scores = [[t, 0.0] if t in specials else [t, -5.0 - len(t) * 0.01 if len(t) > 2 else -9.0] for t in vocab]
    metaspace = {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True}
    return {
        'version': '1.0', 'truncation': None, 'padding': None,
        'added_tokens': [special(ids, t) for t in vocab if t in specials],
        'normalizer': None, 'pre_tokenizer': metaspace, 'post_processor': post_processor, 'decoder': metaspace,
        'model': {'type': 'Unigram', 'unk_id': ids['<unk>'], 'byte_fallback': False, 'vocab': scores},
    }


def template(ids, first, last):
    """TemplateProcessing `[first] $A last` (first may be None)."""
    single = ([{'SpecialToken': {'id': first, 'type_id': 0}}] if first else []) + [
        {'Sequence': {'id': 'A', 'type_id': 0}}, {'SpecialToken': {'id': last, 'type_id': 0}}]
    tokens = [t for t in (first, last) if t]
    return {'type': 'TemplateProcessing', 'single': single, 'pair': single[:-1] + [
        {'Sequence': {'id': 'B', 'type_id': 1}}, single[-1]],
        'special_tokens': {t: {'id': t, 'ids': [ids[t]], 'tokens': [t]} for t in tokens}}


def write_model(folder, arch, vocab, banned, eos, config, generation, tokenizer, tokenizer_config, full=None,
                seed=SEED):
    """`full`: a published shape (make-synthetic-families.py) instead of TINY: tied output
    projection and trained-like weights as published, no steer, `dtypes` and `positions` its own."""
    os.makedirs(os.path.join(folder, 'onnx'), exist_ok=True)
    TINY_VOCAB[0] = len(vocab)
    W = synthetic.Weights(seed)
    if full:
        c = dict(full['shape'], vocab=len(vocab), **arch)
        embed = W.normal('model.shared.weight', (len(vocab), c['d_model']))
        if arch.get('final_logits_bias') is not None:
            c['final_logits_bias'] = np.zeros((len(vocab),), dtype=np.float32)  # zeros, as published
        positions = synthetic.sinusoid_table(c['d_model'], c.get('position_offset', 2), full['positions'])
    else:
        c = dict(TINY, vocab=len(vocab), steer=steer(eos, banned), **arch)
        # Larger than a trained model's 0.02, so the nonsense has clear winners at every step.
        embed = W.normal('model.shared.weight', (len(vocab), c['d_model']), std=0.5)
        # A random model with tied embeddings writes back the token it reads, forever. Reading token
        # a, these write a + 7 (their output rows are the embedding rolled by 7), so the nonsense moves on.
        c['output_embedding'] = np.roll(embed, 7, axis=0)
        if arch.get('final_logits_bias') is not None:
            c['final_logits_bias'] = W.normal('final_logits_bias', (len(vocab),), std=0.5)
        positions = synthetic.sinusoid_table(c['d_model'], c.get('position_offset', 2), POSITIONS)
    variants = ((False, ''), (True, '_quantized'))
    for quantized, suffix in [v for v in variants if not full or ('q8' if v[0] else 'fp32') in full['dtypes']]:
        synthetic.save(synthetic.build_encoder(c, W, embed, positions, quantized),
                       os.path.join(folder, 'onnx', f'encoder_model{suffix}.onnx'))
        synthetic.save(synthetic.build_decoder(c, W, embed, positions, quantized),
                       os.path.join(folder, 'onnx', f'decoder_model_merged{suffix}.onnx'))
    common = {'vocab_size': len(vocab), 'd_model': c['d_model'], 'encoder_layers': c['layers'],
              'decoder_layers': c['layers'], 'encoder_attention_heads': c['heads'],
              'decoder_attention_heads': c['heads'], 'encoder_ffn_dim': c['ffn'], 'decoder_ffn_dim': c['ffn'],
              'is_encoder_decoder': True, 'use_cache': True, 'scale_embedding': True, 'max_length': 200}
    synthetic.write_json(folder, 'config.json', {**config, **common})
    synthetic.write_json(folder, 'generation_config.json', generation)
    synthetic.write_json(folder, 'tokenizer.json', tokenizer)
    synthetic.write_json(folder, 'tokenizer_config.json', tokenizer_config)
    print(f'wrote {os.path.abspath(folder)} ({len(vocab)} tokens)', flush=True)


def m2m100(folder, small, full=None):
    """M2M-100's layout: <s> <pad> </s> <unk>, the SentencePiece pieces, then the `__xx__` tokens
    (and, at full size, the 8 `madeupword` rows after them: 128,112 in all)."""
    specials = ['<s>', '<pad>', '</s>', '<unk>']
    languages = [f'__{code}__' for code in M2M100_LANGUAGES]
    vocab = specials + synthetic.synthetic_pieces(full['pieces'] if full else PIECES) + languages
    if full:
        vocab += [f'madeupword{i:04d}' for i in range(8)]
    ids = {token: index for index, token in enumerate(vocab)}
    name = 'alirezamsh/small100' if small else 'facebook/m2m100_418M'
    tokenizer_class = 'SMALL100Tokenizer' if small else 'M2M100Tokenizer'
    # SMaLL-100 reads the target language first (`__fr__ … </s>`), M2M-100 the source.
    post = template(ids, '__fr__' if small else '__en__', '</s>')
    ids_config = {'bos_token_id': 0, 'pad_token_id': 1, 'eos_token_id': 2, 'decoder_start_token_id': 2}
    write_model(
        folder, {}, vocab, [ids[t] for t in specials + languages if t != '</s>'], ids['</s>'],
        {'_name_or_path': name, 'model_type': 'm2m_100', 'architectures': ['M2M100ForConditionalGeneration'],
         'activation_function': 'relu', 'max_position_embeddings': full['positions'] - 2 if full else POSITIONS,
         'tokenizer_class': tokenizer_class, **ids_config},
        {**ids_config, 'max_length': 200},
        tokenizer_json(vocab, set(specials + languages), post),
        {'tokenizer_class': tokenizer_class, 'src_lang': None if small else 'en', 'tgt_lang': 'fr' if small else None,
         'bos_token': '<s>', 'eos_token': '</s>', 'sep_token': '</s>', 'unk_token': '<unk>', 'pad_token': '<pad>',
         'additional_special_tokens': languages, 'model_max_length': 1024, 'num_madeup_words': 8 if full else 0},
        full,
    )


def opus_mt(folder, full=None, pair=('en', 'fr'), seed=SEED):
    """OPUS-MT's layout: </s> 0, <unk> 1, the pieces, <pad> last (the decoder start). `pair` names
    the model (its languages come from the name); `seed` gives another pair other weights."""
    source, target = pair
    vocab = ['</s>', '<unk>'] + synthetic.synthetic_pieces(full['pieces'] if full else PIECES) + ['<pad>']
    ids = {token: index for index, token in enumerate(vocab)}
    pad = ids['<pad>']
    ids_config = {'bos_token_id': 0, 'eos_token_id': 0, 'pad_token_id': pad, 'decoder_start_token_id': pad,
                  'forced_eos_token_id': 0}
    write_model(
        folder, {'post_norm': True, 'activation': 'swish', 'position_offset': 0, 'final_logits_bias': True},
        vocab, [ids['<unk>'], pad], 0,
        {'_name_or_path': f'Helsinki-NLP/opus-mt-{source}-{target}', 'model_type': 'marian', 'architectures': ['MarianMTModel'],
         'activation_function': 'swish', 'normalize_before': False, 'static_position_embeddings': True,
         'max_position_embeddings': full['positions'] if full else POSITIONS, 'share_encoder_decoder_embeddings': True,
         'decoder_vocab_size': len(vocab), **ids_config},
        {**ids_config, 'bad_words_ids': [[pad]], 'max_length': 200},
        tokenizer_json(vocab, {'</s>', '<unk>', '<pad>'}, template(ids, None, '</s>')),
        {'tokenizer_class': 'MarianTokenizer', 'source_lang': source, 'target_lang': target, 'eos_token': '</s>',
         'unk_token': '<unk>', 'pad_token': '<pad>', 'model_max_length': 512, 'separate_vocabs': False},
        full, seed,
    )


if __name__ == '__main__':
    m2m100(os.path.join(OUT, 'tiny-m2m100'), small=False)
    m2m100(os.path.join(OUT, 'tiny-small100'), small=True)
    opus_mt(os.path.join(OUT, 'tiny-opus-mt-en-fr'))
    opus_mt(os.path.join(OUT, 'tiny-opus-mt-de-en'), pair=('de', 'en'), seed=SEED + 1)
