import { describe, expect, it } from 'vitest';

import { engineNotReadyMessage } from './engine-message';

describe('engineNotReadyMessage', () => {
  it('says nothing when the engine is ready or unknown', () => {
    expect(engineNotReadyMessage('translation', { state: 'ready' })).toBeNull();
    expect(engineNotReadyMessage('translation', undefined)).toBeNull();
  });

  it('says plainly that the model is loading, with its progress', () => {
    expect(engineNotReadyMessage('translation', { state: 'loading', progress: 0.456 })).toEqual({
      message: 'The translation model is still loading (46 %). Translation will work as soon as it is ready.',
    });
  });

  it("says it is unavailable or off, and leaves the server's own reason to its operator", () => {
    expect(
      engineNotReadyMessage('translation', { state: 'error', detail: 'model files are missing' }),
    ).toEqual({
      message: 'Translation is unavailable on this server right now.',
    });
    expect(
      engineNotReadyMessage('translation', {
        state: 'error',
        detail: 'cannot download',
        next_attempt_at: '2026-11-21T10:00:30.000Z',
      }),
    ).toEqual({
      message:
        'Translation is unavailable on this server right now. The server keeps trying, and this note goes away when it works.',
    });
    // Setup instructions are for the administrator (docs, server log), not for the person chatting.
    expect(
      engineNotReadyMessage('chat', {
        state: 'disabled',
        detail: 'Chat is not configured: set SEMA_CHAT_API_KEY',
      }),
    ).toEqual({ message: 'Chat is turned off on this server.' });
  });

  it('names the pairs whose pair model is down while the main model works', () => {
    const model = { model_family: 'marian' as const, sentences: 0 };
    const names: Record<string, string> = { eng_Latn: 'English', fra_Latn: 'French' };
    expect(
      engineNotReadyMessage(
        'translation',
        {
          state: 'error',
          models: [
            { ...model, role: 'main', state: 'ready' },
            { ...model, role: 'pair', state: 'error', pairs: ['eng_Latn-fra_Latn'] },
          ],
        },
        (code) => names[code] ?? code,
      ),
    ).toEqual({
      message: 'Translation of English → French is unavailable right now; every other language pair works.',
    });
    // The main model down: the whole engine is.
    expect(
      engineNotReadyMessage('translation', {
        state: 'loading',
        models: [{ ...model, role: 'main', state: 'loading' }],
      })?.message,
    ).toMatch(/^The translation model is still loading/);
  });
});
