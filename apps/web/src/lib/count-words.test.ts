import { describe, expect, it } from 'vitest';

import { allOf } from './count-words';

describe('allOf', () => {
  it('says "the conversation" for one and counts more', () => {
    expect(allOf(1, 'conversation')).toBe('the conversation');
    expect(allOf(2, 'conversation')).toBe('all 2 conversations');
    expect(allOf(1200, 'translation')).toBe('all 1,200 translations');
  });
});
