import { beforeEach, describe, expect, it } from 'vitest';

import { readSession, writeSession, type HomeSession } from './session';

const defaults: HomeSession = {
  mode: 'translate',
  sourceLanguage: 'auto',
  targetLanguage: 'eng_Latn',
  draft: '',
};

describe('the home session', () => {
  beforeEach(() => window.localStorage.clear());

  it('gives the defaults when nothing was stored, and what was stored after a write', () => {
    expect(readSession(defaults)).toEqual(defaults);
    const session: HomeSession = {
      mode: 'chat',
      sourceLanguage: 'swh_Latn',
      targetLanguage: 'fra_Latn',
      draft: 'Habari',
      conversationId: 'conversation-1',
    };
    writeSession(session);
    expect(readSession(defaults)).toEqual(session);
  });

  it('ignores what is malformed, field by field', () => {
    window.localStorage.setItem(
      'sema_session',
      JSON.stringify({ mode: 'sing', sourceLanguage: '<b>', targetLanguage: 'auto', draft: 42 }),
    );
    expect(readSession(defaults)).toEqual(defaults);
    window.localStorage.setItem('sema_session', '{not json');
    expect(readSession(defaults)).toEqual(defaults);
  });
});
