import { describe, expect, it } from 'vitest';

import type { ConversationMessage } from './messages';
import { isIdle, regenerableAnswer } from './turns';

let clock = 0;
const base = () => ({ id: `m${++clock}`, timestamp: clock, content: '' });
const question = (attachment?: boolean): ConversationMessage => ({
  ...base(),
  role: 'user',
  kind: 'user',
  content: 'Why?',
  ...(attachment ? { attachment: { name: 'a.txt', size: 1, type: 'text/plain' } } : {}),
});
const answer = (status: 'streaming' | 'done'): ConversationMessage => ({
  ...base(),
  role: 'assistant',
  kind: 'chat',
  chat: { status } as never,
});

describe('conversation turns', () => {
  it('is idle unless a reply waits or a chat answer is being written', () => {
    expect(isIdle([question(), answer('done')])).toBe(true);
    expect(isIdle([question(), answer('streaming')])).toBe(false);
    expect(isIdle([question(), { ...base(), role: 'assistant', kind: 'pending', isLoading: true }])).toBe(
      false,
    );
  });

  it('offers the newest chat answer again, unless its question carried a file', () => {
    const asked = question();
    const first = answer('done');
    const last = answer('done');
    expect(regenerableAnswer([question(), first, asked, last])).toEqual({ answer: last, question: asked });
    expect(regenerableAnswer([question(true), answer('done')])).toBeUndefined();
    expect(regenerableAnswer([question()])).toBeUndefined();
  });
});
