#!/usr/bin/python3
"""Writes the synthetic models of bench:engine / bench:models in CTranslate2's format, with the same
weights: the same seeded generator (apps/server/scripts/make-synthetic-nllb.py's `Weights`, the same
seed and tensor names) gives the same numbers, laid out as CTranslate2's Transformers converter lays
out an M2M100 (NLLB) or Marian checkpoint. Needs the CTranslate2 Python module that
bench/ct2/build.sh builds (PYTHONPATH and LD_LIBRARY_PATH set by bench/ct2.ts).

  nllb-600M       NLLB-200 distilled 600M: pre-norm, ReLU, 12+12 layers, d 1024, ffn 4096, 16 heads,
                  256,206 tokens, tied embeddings and output projection, positions offset 2
  opus-mt-en-fr   OPUS-MT (Marian): post-norm, swish, 6+6 layers, d 512, ffn 2048, 8 heads, 59,514
                  tokens, positions from 0; as CTranslate2's converter does, the decoder starts from a
                  zero embedding and the `<pad>` row is dropped (59,513 tokens)

    /usr/bin/python3 bench/ct2/make-ct2-model.py OUT --model nllb-600M|opus-mt-en-fr|nllb-tiny
        --quantization int8|float32 --tokenizer SYNTHETIC_ONNX_FOLDER/tokenizer.json
"""

import argparse
import importlib.util
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, '..', '..', 'apps', 'server', 'scripts')


def load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(SCRIPTS, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


synthetic = load('synthetic', 'make-synthetic-nllb.py')

MODELS = {
    # seed: make-synthetic-nllb.py's default; make-tiny-families.py's SEED for OPUS-MT.
    'nllb-600M': dict(synthetic.SIZES['600M'], seed=20251125, marian=False, positions=1024),
    'nllb-tiny': dict(synthetic.SIZES['tiny'], seed=20251125, marian=False, positions=1024),
    'opus-mt-en-fr': dict(d_model=512, layers=6, heads=8, ffn=2048, vocab=59514, seed=20251126, marian=True,
                          positions=512),
}


def vocabulary(tokenizer_file, size):
    """Tokens by id, from the synthetic model's tokenizer.json (Unigram pieces plus added tokens)."""
    with open(tokenizer_file, encoding='utf-8') as f:
        tokenizer = json.load(f)
    tokens = [None] * size
    for index, (piece, _score) in enumerate(tokenizer['model']['vocab']):
        if index < size:
            tokens[index] = piece
    for added in tokenizer.get('added_tokens', []):
        if added['id'] < size:
            tokens[added['id']] = added['content']
    # The embedding has rows no token names (256,206 rows, 256,204 tokens, as published); they get
    # placeholder names, as CTranslate2's M2M100 converter names them (`madeupword…`).
    missing = [i for i, t in enumerate(tokens) if t is None]
    for n, i in enumerate(missing):
        tokens[i] = f'madeupword{n}'
    if len(missing) > 16:
        sys.exit(f'make-ct2-model: {tokenizer_file} has no token for {len(missing)} of {size} ids')
    return tokens


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('out')
    parser.add_argument('--model', required=True, choices=list(MODELS))
    parser.add_argument('--quantization', default='int8', choices=['int8', 'float32'])
    parser.add_argument('--tokenizer', required=True)
    args = parser.parse_args()
    try:
        from ctranslate2.specs import common_spec, transformer_spec
    except ImportError as error:
        sys.exit(f'make-ct2-model: the CTranslate2 Python module does not import ({error}); '
                 'run bench/ct2/build.sh first')

    c = MODELS[args.model]
    d, ffn, n = c['d_model'], c['ffn'], c['layers']
    W = synthetic.Weights(c['seed'])
    tokens = vocabulary(args.tokenizer, c['vocab'])
    embed = W.normal('model.shared.weight', (c['vocab'], d))
    offset = 0 if c['marian'] else 2
    positions = synthetic.sinusoid_table(d, offset, c['positions'])[offset:]

    spec = transformer_spec.TransformerSpec.from_config(
        (n, n), c['heads'], pre_norm=not c['marian'],
        activation=common_spec.Activation.SWISH if c['marian'] else common_spec.Activation.RELU)

    def linear(target, pairs):
        """Torch's [out, in] layout; several (weight, bias) pairs are fused along the output axis."""
        target.weight = np.ascontiguousarray(np.concatenate([w.T for w, _ in pairs], axis=0))
        target.bias = np.concatenate([b for _, b in pairs])

    def norm(target, size):
        target.gamma = np.ones(size, dtype=np.float32)
        target.beta = np.zeros(size, dtype=np.float32)

    def common(side, table):
        side.scale_embeddings = True
        side.position_encodings.encodings = positions
        if not c['marian']:
            norm(side.layer_norm, d)
        if isinstance(side.embeddings, list):
            side.embeddings[0].weight = table
        else:
            side.embeddings.weight = table

    table = embed[:-1] if c['marian'] else embed  # Marian: the <pad> row goes (see the docstring)
    common(spec.encoder, table)
    for i, layer in enumerate(spec.encoder.layer):
        lw = synthetic.layer_weights(W, f'model.encoder.layers.{i}', d, ffn, cross=False)
        linear(layer.self_attention.linear[0], [lw['self_attn.q_proj'], lw['self_attn.k_proj'], lw['self_attn.v_proj']])
        linear(layer.self_attention.linear[1], [lw['self_attn.out_proj']])
        norm(layer.self_attention.layer_norm, d)
        linear(layer.ffn.linear_0, [lw['fc1']])
        linear(layer.ffn.linear_1, [lw['fc2']])
        norm(layer.ffn.layer_norm, d)
    common(spec.decoder, table)
    if c['marian']:
        spec.decoder.start_from_zero_embedding = True
    for i, layer in enumerate(spec.decoder.layer):
        lw = synthetic.layer_weights(W, f'model.decoder.layers.{i}', d, ffn, cross=True)
        linear(layer.self_attention.linear[0], [lw['self_attn.q_proj'], lw['self_attn.k_proj'], lw['self_attn.v_proj']])
        linear(layer.self_attention.linear[1], [lw['self_attn.out_proj']])
        norm(layer.self_attention.layer_norm, d)
        linear(layer.attention.linear[0], [lw['encoder_attn.q_proj']])
        linear(layer.attention.linear[1], [lw['encoder_attn.k_proj'], lw['encoder_attn.v_proj']])
        linear(layer.attention.linear[2], [lw['encoder_attn.out_proj']])
        norm(layer.attention.layer_norm, d)
        linear(layer.ffn.linear_0, [lw['fc1']])
        linear(layer.ffn.linear_1, [lw['fc2']])
        norm(layer.ffn.layer_norm, d)
    # Tied output projection; the final logits bias is zero as published, which the converter omits.
    spec.decoder.projection.weight = table

    vocab = tokens[:-1] if c['marian'] else tokens
    spec.register_source_vocabulary(vocab)
    spec.register_target_vocabulary(vocab)
    spec.config.unk_token = '<unk>'
    spec.config.eos_token = '</s>'
    spec.config.bos_token = '</s>' if c['marian'] else '<s>'
    spec.config.decoder_start_token = '</s>'
    spec.validate()
    spec.optimize(quantization=args.quantization)
    os.makedirs(args.out, exist_ok=True)
    spec.save(args.out)
    print(f'wrote {os.path.abspath(args.out)} ({args.model}, {args.quantization}, {len(vocab)} tokens)', flush=True)


if __name__ == '__main__':
    main()
