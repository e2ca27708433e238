#!/usr/bin/python3
"""CTranslate2's side of bench:ct2: loads one model and answers batches over stdin/stdout, one JSON
object a line, so that bench/ct2.ts can take turns between it and Sema's engine.

    /usr/bin/python3 bench/ct2/ct2-worker.py MODEL_DIR --compute-type int8 --threads N

Each request: {"rows": [[source tokens…]], "prefix": [target tokens forced first] or [],
"length": L, "beams": B}. Every row generates exactly L tokens after the prefix (min and max
decoding length both L, as Sema's forced lengths do; bench:ct2 gives every row of a batch the same
length). Answer: {"tokens": generated tokens without the prefix, "seconds": wall time}.
"""

import argparse
import json
import sys
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('model')
    parser.add_argument('--compute-type', default='int8')
    parser.add_argument('--threads', type=int, default=1)
    args = parser.parse_args()
    try:
        import ctranslate2
    except ImportError as error:
        sys.exit(f'ct2-worker: the CTranslate2 Python module does not import ({error}); run bench/ct2/build.sh')
    started = time.perf_counter()
    translator = ctranslate2.Translator(args.model, device='cpu', compute_type=args.compute_type,
                                        inter_threads=1, intra_threads=args.threads)
    print(json.dumps({'ready': True, 'load_seconds': time.perf_counter() - started,
                      'version': ctranslate2.__version__}), flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        rows, prefix, length = request['rows'], request['prefix'], request['length']
        started = time.perf_counter()
        results = translator.translate_batch(
            rows,
            target_prefix=[prefix] * len(rows) if prefix else None,
            beam_size=request['beams'],
            # Both lengths count the forced prefix too.
            max_decoding_length=length + len(prefix),
            min_decoding_length=length + len(prefix),
            max_batch_size=0,
            return_scores=False,
        )
        seconds = time.perf_counter() - started
        tokens = sum(len(r.hypotheses[0]) - len(prefix) for r in results)
        print(json.dumps({'tokens': tokens, 'seconds': seconds}), flush=True)


if __name__ == '__main__':
    main()
