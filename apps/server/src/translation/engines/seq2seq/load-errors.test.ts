import { describe, expect, it } from 'vitest';
import { describeLoadFailure } from './load-errors.ts';
import type { ModelSource } from '../model-source.ts';

const hub: ModelSource = {
  kind: 'hub',
  id: 'Xenova/nllb-200-distilled-600M',
  hub: 'https://huggingface.co/',
  cacheDir: '/var/cache/sema',
  label: 'Xenova/nllb-200-distilled-600M',
};

function systemError(code: string): Error {
  return Object.assign(new Error(`${code}: something happened`), { code });
}

describe('describeLoadFailure', () => {
  it('sends the operator of a float32-only model to npm run models -- pull', () => {
    const nllb13: ModelSource = {
      ...hub,
      id: 'facebook/nllb-200-distilled-1.3B',
      label: 'facebook/nllb-200-distilled-1.3B',
    };
    const missing = new Error(
      'Could not locate file: "https://huggingface.co/facebook/nllb-200-distilled-1.3B/resolve/main/onnx/encoder_model_quantized.onnx"',
    );
    expect(describeLoadFailure(missing, nllb13, 'q8').hint).toMatch(
      /published only in float32: run npm run models -- pull/,
    );
    expect(describeLoadFailure(missing, hub, 'q8').hint).not.toMatch(/float32/);
  });

  it('says the disk is full and how to fix it', () => {
    expect(describeLoadFailure(systemError('ENOSPC'), hub, 'q8')).toEqual({
      reason: 'the disk is full (saving the model into /var/cache/sema/Xenova/nllb-200-distilled-600M)',
      hint: 'Free about 1 GB, or set SEMA_MODEL_CACHE to a folder on a bigger disk',
    });
  });

  it('says the cache folder is not writable', () => {
    expect(describeLoadFailure(systemError('EACCES'), hub, 'q8').hint).toBe(
      'Set SEMA_MODEL_CACHE to a writable folder',
    );
  });

  it('finds the network error code inside fetch failures', () => {
    const error = new TypeError('fetch failed', { cause: systemError('ENOTFOUND') });
    expect(describeLoadFailure(error, hub, 'q8').reason).toBe(
      'cannot download Xenova/nllb-200-distilled-600M from https://huggingface.co/ (ENOTFOUND)',
    );
  });

  it('tells how to get a fresh copy of a corrupt cached file', () => {
    const error = new Error(
      'Load model from /var/cache/sema/Xenova/nllb-200-distilled-600M/onnx/encoder_model_quantized.onnx failed:Protobuf parsing failed.',
    );
    expect(describeLoadFailure(error, hub, 'q8')).toEqual({
      reason: 'a model file is corrupt or unreadable (onnx/encoder_model_quantized.onnx)',
      hint: 'Delete /var/cache/sema/Xenova/nllb-200-distilled-600M to download the model again',
    });
  });

  it('names the missing file of a folder that is not there', () => {
    const error = new Error(
      'Local file missing at "/srv/models/nllb/config.json" and download aborted due to invalid model ID "/srv/models/nllb".',
    );
    expect(describeLoadFailure(error, hub, 'q8').reason).toBe('/srv/models/nllb/config.json is missing');
  });

  it('asks whether a model without a file the export needs is of a family the engine runs, not only NLLB', () => {
    const error = new Error(
      'Could not locate file: "https://huggingface.co/org/model/resolve/main/config.json".',
    );
    expect(describeLoadFailure(error, { ...hub, label: 'org/model' }, 'q8').reason).toBe(
      'https://huggingface.co/org/model/resolve/main/config.json does not exist (is org/model a seq2seq model (NLLB-200, M2M-100, SMaLL-100 or OPUS-MT) exported for transformers.js?)',
    );
  });

  it('ends an unknown reason without a full stop, since the hint follows after one', () => {
    expect(describeLoadFailure(new Error('Something odd happened.'), hub, 'q8').reason).toBe(
      'Something odd happened',
    );
  });
});
