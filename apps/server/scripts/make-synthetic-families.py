#!/usr/bin/python3
"""Writes random-weight models of the other families at their published size, for bench:models (as
make-synthetic-nllb.py does for NLLB): the tiny fixtures' layouts and tokenizers (make-tiny-families.py)
at the real shapes, tied output projections and zero final_logits_bias as published. The output is
large: write it to a cache folder (~/.cache/sema/synthetic), never into git.

  m2m100-418M        d_model 1024, 12+12 layers, 16 heads, ffn 4096, vocabulary 128,112
  opus-mt-en-fr      d_model 512, 6+6 layers, 8 heads, ffn 2048, vocabulary 59,514 (Marian)

    /usr/bin/python3 apps/server/scripts/make-synthetic-families.py OUT --model m2m100-418M|opus-mt-en-fr
        [--dtypes fp32,q8]
"""

import argparse
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('families', os.path.join(HERE, 'make-tiny-families.py'))
families = importlib.util.module_from_spec(spec)
spec.loader.exec_module(families)

# config.json of facebook/m2m100_418M and Helsinki-NLP/opus-mt-en-fr; pieces fill the vocabulary
# up to its published size around the special and language tokens.
MODELS = {
    'm2m100-418M': dict(shape=dict(d_model=1024, layers=12, heads=16, ffn=4096), pieces=128000, positions=1026,
                        write=lambda folder, full: families.m2m100(folder, small=False, full=full)),
    'opus-mt-en-fr': dict(shape=dict(d_model=512, layers=6, heads=8, ffn=2048), pieces=59511, positions=512,
                          write=lambda folder, full: families.opus_mt(folder, full=full)),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('out')
    parser.add_argument('--model', required=True, choices=list(MODELS))
    parser.add_argument('--dtypes', default='fp32,q8')
    args = parser.parse_args()
    model = MODELS[args.model]
    full = dict(model, dtypes=args.dtypes.split(','))
    model['write'](os.path.join(args.out, args.model) if not args.out.endswith(args.model) else args.out, full)


if __name__ == '__main__':
    main()
