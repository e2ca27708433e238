import type { ChatStreamEvent } from '@sema/shared/api/chat';
import { waitFor } from '@sema/testkit/wait-for';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { eventStream, HEARTBEAT } from './sse.ts';

const errorEvent = (error: unknown): ChatStreamEvent =>
  error instanceof ApiError
    ? { type: 'error', detail: error.detail, code: error.code }
    : { type: 'error', detail: 'failed', code: 'CHAT_ERROR' };

/** Before an event: a pause in ms (0: ready at once), or a wait until something has happened. */
type Before = number | (() => Promise<unknown>);

/** Events, each ready after what comes before it. */
async function* scripted(steps: [Before, ChatStreamEvent][]): AsyncGenerator<ChatStreamEvent> {
  for (const [before, event] of steps) {
    if (typeof before === 'function') await before();
    else if (before > 0) await new Promise((resolve) => setTimeout(resolve, before));
    yield event;
  }
}

/** The stream's writes, into `writes` as they come (a step may wait on them). */
async function collect(
  steps: [Before, ChatStreamEvent][],
  heartbeatMs: number,
  writes: string[] = [],
): Promise<{ writes: string[]; body: string }> {
  const stream = eventStream(scripted(steps), {
    first: { type: 'reasoning', text: 'Let me think.' },
    errorEvent,
    heartbeatMs,
  });
  for await (const chunk of stream) writes.push(String(chunk));
  return { writes, body: writes.join('') };
}

const done: ChatStreamEvent = {
  type: 'done',
  model: 'm',
  tokens: 3,
  processingTime: 0.1,
  finish_reason: 'stop',
};

describe('the event stream writer', () => {
  it('sends a keep-alive comment while the model is quiet for longer than the heartbeat', async () => {
    // The model says nothing until two comments went out (a fixed 130 ms against 40 ms heartbeats
    // saw one on a loaded machine); without heartbeats the wait times out.
    const writes: string[] = [];
    const beats = () => writes.filter((write) => write === HEARTBEAT).length;
    const { body } = await collect(
      [
        [
          () => waitFor(() => beats() >= 2, { what: 'two keep-alive comments' }),
          { type: 'content', text: 'Hello' },
        ],
        [0, done],
      ],
      40,
      writes,
    );
    // The events themselves arrive whole and in order around the comments.
    const events = body
      .split('\n\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
    expect(events.map((event) => event.type)).toEqual(['reasoning', 'content', 'done']);
  });

  it('sends no comment while events keep coming', async () => {
    const { body } = await collect(
      [
        [5, { type: 'content', text: 'Hel' }],
        [5, { type: 'content', text: 'lo' }],
        [0, done],
      ],
      1000,
    );
    expect(body).not.toContain(': keep-alive');
    expect(body).toContain('"text":"lo"');
  });
});

describe('a stream the server ends (shutdown)', () => {
  it('gets an error event with the reason and ends, though its events never came', async () => {
    const ending = new AbortController();
    const never: AsyncIterator<ChatStreamEvent> = { next: () => new Promise(() => {}) };
    const stream = eventStream(never, {
      first: { type: 'content', text: 'Hel' },
      errorEvent,
      ending: ending.signal,
      heartbeatMs: 1000,
    });
    const body = (async () => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    })();
    setTimeout(() => ending.abort(new ApiError(503, 'SHUTTING_DOWN', 'This server is shutting down')), 20);
    const events = (await body)
      .split('\n\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as ChatStreamEvent);
    expect(events).toEqual([
      { type: 'content', text: 'Hel' },
      { type: 'error', detail: 'This server is shutting down', code: 'SHUTTING_DOWN' },
    ]);
  });
});
