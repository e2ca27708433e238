import { describe, expect, it } from 'vitest';

import { languageTag } from './language-tag';

describe('languageTag', () => {
  it('uses the two-letter code when there is one, the three-letter one otherwise', () => {
    expect(languageTag('fra_Latn')).toBe('fr-Latn');
    expect(languageTag('ara_Arab')).toBe('ar-Arab');
    expect(languageTag('swh_Latn')).toBe('swh-Latn');
    expect(languageTag('cmn_Hans')).toBe('cmn-Hans');
    expect(languageTag('auto')).toBeUndefined();
  });
});
