import { describe, expect, it } from 'vitest';
import { conversationWindow } from './conversation-window.ts';

const user = (content: string) => ({ role: 'user' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });
const system = (content: string) => ({ role: 'system' as const, content });

describe('the conversation window', () => {
  it('keeps everything that fits', () => {
    const messages = [system('Be brief.'), user('Hi'), assistant('Hello'), user('Bye')];
    expect(conversationWindow(messages, 100)).toEqual(messages);
  });

  it('leaves out the oldest exchanges first, whole, and keeps the system messages and the question', () => {
    const messages = [
      system('s'.repeat(10)),
      user('a'.repeat(30)),
      assistant('b'.repeat(30)),
      user('c'.repeat(20)),
      assistant('d'.repeat(20)),
      user('e'.repeat(10)),
    ];
    // 10 + 10 fixed; 20 + 20 fit in 60; the next answer (30) would pass it.
    expect(conversationWindow(messages, 60).map((message) => message.content[0])).toEqual([
      's',
      'c',
      'd',
      'e',
    ]);
    // An answer that fits without its question goes too.
    expect(conversationWindow(messages, 55).map((message) => message.content[0])).toEqual(['s', 'e']);
  });

  it('refuses a question that cannot fit with the system messages', () => {
    expect(() => conversationWindow([system('s'.repeat(10)), user('q'.repeat(91))], 100)).toThrow(
      /101 characters in the message and the system messages \(the limit is 100\)/,
    );
  });
});
