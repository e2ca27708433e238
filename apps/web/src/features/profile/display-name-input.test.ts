import { describe, expect, it } from 'vitest';

import {
  avatarInitial,
  checkDisplayName,
  MAX_DISPLAY_NAME_LENGTH,
  visibleLength,
} from './display-name-input';

describe('checkDisplayName', () => {
  it('trims the name', () => {
    expect(checkDisplayName('  Amina Njeri \t')).toEqual({ ok: true, name: 'Amina Njeri' });
  });

  it('takes empty or blank as "no name" (the email name shows)', () => {
    expect(checkDisplayName('')).toEqual({ ok: true, name: undefined });
    expect(checkDisplayName('   ')).toEqual({ ok: true, name: undefined });
  });

  it(`accepts ${MAX_DISPLAY_NAME_LENGTH} characters and refuses more, saying how many`, () => {
    expect(checkDisplayName('a'.repeat(MAX_DISPLAY_NAME_LENGTH))).toEqual({
      ok: true,
      name: 'a'.repeat(MAX_DISPLAY_NAME_LENGTH),
    });
    expect(checkDisplayName('a'.repeat(MAX_DISPLAY_NAME_LENGTH + 1))).toEqual({
      ok: false,
      error: `Display name is too long: 51 characters (at most ${MAX_DISPLAY_NAME_LENGTH}).`,
    });
    // Surrounding spaces do not count.
    expect(checkDisplayName(` ${'a'.repeat(MAX_DISPLAY_NAME_LENGTH)} `).ok).toBe(true);
  });

  it('counts letters with their marks, not code units: 50 Devanagari syllables fit', () => {
    const syllable = 'क्षि'; // 4 code points, one character on screen
    expect(visibleLength(syllable)).toBe(1);
    expect(checkDisplayName(syllable.repeat(MAX_DISPLAY_NAME_LENGTH)).ok).toBe(true);
    expect(visibleLength('👩🏽‍💻 Lin')).toBe(5);
  });
});

describe('avatarInitial', () => {
  it('is the first character, in capitals where the script has them', () => {
    expect(avatarInitial('amina')).toBe('A');
    expect(avatarInitial('  émile')).toBe('É');
    expect(avatarInitial('مريم')).toBe('م');
    expect(avatarInitial('क्षितिज')).toBe('क्षि');
    expect(avatarInitial('')).toBe('?');
  });
});
