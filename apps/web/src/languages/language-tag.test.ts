import { describe, expect, it } from 'vitest';

import { languageTag } from './language-tag';

describe('languageTag', () => {
  it('uses the two-letter code when there is one, the three-letter one otherwise', () => {
    const tags = { fra_Latn: 'fr-Latn', ara_Arab: 'ar-Arab', swh_Latn: 'swh-Latn', cmn_Hans: 'cmn-Hans' };
    for (const [code, tag] of Object.entries(tags)) expect(languageTag(code), code).toBe(tag);
    expect(languageTag('auto')).toBeUndefined();
  });
});
