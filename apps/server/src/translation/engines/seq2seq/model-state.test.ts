import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/errors.ts';
import { ModelState } from './model-state.ts';

const state = () => new ModelState('tiny-nllb', 'org/tiny-nllb', null);

describe('ModelState (the NLLB engine status machine)', () => {
  it('is loading with the download progress, then ready without it', async () => {
    const model = state();
    expect(model.status()).toEqual({ state: 'loading', model: 'tiny-nllb' });
    expect(model.loadUnderWay).toBe(true);
    model.downloading('onnx/encoder_model.onnx', 300, 1000);
    model.downloading('tokenizer.json', 100, 1000);
    expect(model.status()).toEqual({ state: 'loading', model: 'tiny-nllb', progress: 0.2 });
    expect(model.vocabularySize).toBeUndefined();
    model.ready(1200);
    await model.whenReady();
    await model.untilReady();
    expect(model.status()).toEqual({ state: 'ready', model: 'tiny-nllb' });
    expect(model.vocabularySize).toBe(1200);
    expect(model.loadUnderWay).toBe(false);
  });

  it('fails fast while in error, stays so through a retry until the hub answers, then loads', async () => {
    const model = state();
    const waiting = model.untilReady();
    const nextAttempt = new Date(Date.now() + 30_000);
    model.failed('cannot reach the hub', nextAttempt);
    await expect(waiting).rejects.toMatchObject({ statusCode: 503 });
    await expect(model.whenReady()).rejects.toBeInstanceOf(ApiError);
    expect(model.status()).toEqual({
      state: 'error',
      model: 'tiny-nllb',
      detail: 'cannot reach the hub',
      next_attempt_at: nextAttempt.toISOString(),
    });
    expect(model.loadUnderWay).toBe(false);

    model.retryStarted();
    expect(model.status().state).toBe('error');
    expect(model.isRetry).toBe(true);
    expect(model.loadUnderWay).toBe(true);
    await expect(model.untilReady()).rejects.toMatchObject({
      statusCode: 503,
      detail: 'Translation model is not available: cannot reach the hub',
    });

    model.downloading('config.json', 10, 100);
    expect(model.status()).toEqual({
      state: 'loading',
      model: 'tiny-nllb',
      detail: 'Trying again to load the model',
      progress: 0.1,
    });
    expect(model.isRetry).toBe(false);
    model.ready(1200);
    await model.whenReady();
  });

  it('after a crash is loading again with a new readiness, which a waiting caller may abort', async () => {
    const model = state();
    model.ready(1200);
    model.restarting();
    expect(model.status()).toEqual({
      state: 'loading',
      model: 'tiny-nllb',
      detail: 'Restarting after a crash',
    });
    const controller = new AbortController();
    const waiting = model.untilReady(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    const later = model.untilReady();
    model.ready(1200);
    await later;
  });
});
