import { describe, expect, it } from 'vitest';

import { pickerLanguages, servablePair } from './served-pairs';

describe('pickerLanguages', () => {
  const language = (name: string) => ({ name, native_name: name, region: 'Europe', script: 'Latn' });
  const languages = {
    deu_Latn: language('German'),
    eng_Latn: language('English'),
    fra_Latn: language('French'),
    spa_Latn: language('Spanish'),
  };
  const names = (found: { name: string }[]) => found.map((entry) => entry.name);

  it('lists every language both ways when the server sends no targets_of', () => {
    const response = { languages, total_count: 4 };
    expect(names(pickerLanguages(response, 'source'))).toEqual(['English', 'French', 'German', 'Spanish']);
    expect(names(pickerLanguages(response, 'target', 'eng_Latn'))).toHaveLength(4);
  });

  it('follows targets_of: languages without a key go into every other, an empty list only is written', () => {
    // As a server says it: German goes into English only; the others into every other language.
    const response = { languages, total_count: 4, targets_of: { deu_Latn: ['eng_Latn'] } };
    expect(names(pickerLanguages(response, 'target', 'deu_Latn'))).toEqual(['English']);
    expect(names(pickerLanguages(response, 'target', 'fra_Latn'))).toEqual(['English', 'German', 'Spanish']);
    expect(names(pickerLanguages(response, 'target'))).toHaveLength(4);
    const oneWay = { languages, total_count: 4, targets_of: { deu_Latn: ['eng_Latn'], eng_Latn: [] } };
    expect(names(pickerLanguages(oneWay, 'source'))).toEqual(['French', 'German', 'Spanish']);
  });

  it('servablePair keeps a servable pair and mends one the list does not serve', () => {
    const response = { languages, total_count: 4, targets_of: { deu_Latn: ['eng_Latn'], eng_Latn: [] } };
    const mend = (source: string, target: string) => servablePair(response, { source, target }, 'auto');
    expect(mend('fra_Latn', 'deu_Latn')).toEqual({ source: 'fra_Latn', target: 'deu_Latn' });
    expect(mend('auto', 'spa_Latn')).toEqual({ source: 'auto', target: 'spa_Latn' });
    // German reaches English only; a target no longer served becomes English.
    expect(mend('deu_Latn', 'fra_Latn')).toEqual({ source: 'deu_Latn', target: 'eng_Latn' });
    expect(mend('auto', 'ace_Arab')).toEqual({ source: 'auto', target: 'eng_Latn' });
    // English is only written here: as a source it goes back to Auto Detect; a source no longer
    // read does too.
    expect(mend('eng_Latn', 'fra_Latn')).toEqual({ source: 'auto', target: 'fra_Latn' });
    expect(mend('yor_Latn', 'fra_Latn')).toEqual({ source: 'auto', target: 'fra_Latn' });
    // Without English among the targets, the first one offered.
    const noEnglish = {
      languages: { fra_Latn: languages.fra_Latn, spa_Latn: languages.spa_Latn },
      total_count: 2,
    };
    expect(servablePair(noEnglish, { source: 'auto', target: 'eng_Latn' }, 'auto')).toEqual({
      source: 'auto',
      target: 'fra_Latn',
    });
    expect(servablePair(undefined, { source: 'x', target: 'y' }, 'auto')).toEqual({
      source: 'x',
      target: 'y',
    });
  });
});
