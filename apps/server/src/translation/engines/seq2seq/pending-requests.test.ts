import { describe, expect, it } from 'vitest';
import { PendingRequests } from './pending-requests.ts';

describe('PendingRequests (the NLLB engine work in flight)', () => {
  it('sends each piece of work under its own id and settles it by that id', async () => {
    const pending = new PendingRequests();
    const sent: number[] = [];
    const first = pending.add<string[]>(
      (id) => sent.push(id),
      () => {},
    );
    const second = pending.add<number[][]>(
      (id) => sent.push(id),
      () => {},
    );
    expect(sent).toEqual([1, 2]);
    expect(pending.size).toBe(2);
    pending.resolve(2, [[7, 8]]);
    pending.resolve(1, ['Bonjour.']);
    await expect(first).resolves.toEqual(['Bonjour.']);
    await expect(second).resolves.toEqual([[7, 8]]);
    expect(pending.size).toBe(0);
    expect(pending.reject(1, new Error('late'))).toBe(false);
  });

  it('on abort, rejects with an AbortError at once and asks the process to cancel', async () => {
    const pending = new PendingRequests();
    const cancelled: number[] = [];
    const controller = new AbortController();
    const work = pending.add<string[]>(
      () => {},
      (id) => cancelled.push(id),
      controller.signal,
    );
    controller.abort();
    await expect(work).rejects.toMatchObject({ name: 'AbortError' });
    expect(cancelled).toEqual([1]);
    expect(pending.size).toBe(0);
    // The process's answer to cancelled work finds nobody waiting.
    expect(pending.reject(1, new Error('cancelled'))).toBe(false);
  });

  it('fails everything at once when the process is lost', async () => {
    const pending = new PendingRequests();
    const works = [1, 2, 3].map(() =>
      pending.add<string[]>(
        () => {},
        () => {},
      ),
    );
    pending.failAll(new Error('model process SIGKILL'));
    for (const work of works) await expect(work).rejects.toThrow('model process SIGKILL');
    expect(pending.size).toBe(0);
  });
});
