import { describe, expect, it } from 'vitest';
import { timeLeft } from './document-reply';

describe('timeLeft', () => {
  it("words the server's estimate for a person, and says nothing without one or near the end", () => {
    expect(timeLeft(undefined)).toBe('');
    expect(timeLeft({ done: 0, total: 10 })).toBe('');
    expect(timeLeft({ done: 5, total: 10, seconds_left: 4 })).toBe('');
    expect(timeLeft({ done: 5, total: 10, seconds_left: 44 })).toBe('about 40 s left');
    expect(timeLeft({ done: 5, total: 10, seconds_left: 1500 })).toBe('about 25 min left');
    expect(timeLeft({ done: 5, total: 10, seconds_left: 7200 })).toBe('about 2 h left');
  });
});
