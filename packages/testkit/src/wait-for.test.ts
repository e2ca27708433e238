import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it("resolves with the condition's first truthy value", async () => {
    let calls = 0;
    expect(await waitFor(() => ++calls >= 3 && `after ${calls}`, { interval: 1 })).toBe('after 3');
  });

  it('fails once time is up, naming what it waited for and quoting the last error', async () => {
    const waiting = waitFor(
      () => {
        throw new Error('connection refused');
      },
      { timeout: 50, interval: 5, what: 'the server to answer' },
    );
    await expect(waiting).rejects.toThrow(
      'Timed out after 50 ms waiting for the server to answer (last error: connection refused)',
    );
  });

  it('stops at once with the reason when its signal aborts', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const waiting = waitFor(() => false, { timeout: 10_000, interval: 1_000, signal: controller.signal });
    setImmediate(() => controller.abort(new Error('the process exited')));
    await expect(waiting).rejects.toThrow('the process exited');
    expect(performance.now() - started).toBeLessThan(900);
  });
});
