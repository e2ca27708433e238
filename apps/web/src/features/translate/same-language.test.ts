import { AUTO } from '@sema/shared/validation';
import { describe, expect, it } from 'vitest';

import { alreadyInTarget, alreadyInTargetNote } from './same-language';

describe('alreadyInTarget', () => {
  it('finds an explicit source equal to the target', () => {
    expect(alreadyInTarget('eng_Latn', 'eng_Latn', null)).toBe('eng_Latn');
    expect(alreadyInTarget('eng_Latn', 'fra_Latn', 'eng_Latn')).toBeNull();
  });

  it('under Auto Detect, uses the language found in the typed text', () => {
    expect(alreadyInTarget(AUTO, 'eng_Latn', 'eng_Latn')).toBe('eng_Latn');
    expect(alreadyInTarget(AUTO, 'eng_Latn', 'swh_Latn')).toBeNull();
    // Nothing found yet: nothing to refuse (the server's answer is checked after sending).
    expect(alreadyInTarget(AUTO, 'eng_Latn', null)).toBeNull();
    expect(alreadyInTarget(AUTO, 'eng_Latn', undefined)).toBeNull();
  });

  it('says what to do', () => {
    expect(alreadyInTargetNote('English')).toBe(
      'This text is already in English. Choose the language to translate it into.',
    );
  });
});
