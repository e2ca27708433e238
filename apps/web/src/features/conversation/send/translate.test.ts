import type { TranslateResponse } from '@sema/shared/api/schemas';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import type { ReplyContent } from '../messages';

import { pickSendHandler, sendHandlers } from './pick-send-handler';
import { SAME_LANGUAGE_ANSWER, translateTextHandler } from './translate';
import type { SendContext, SendRequest } from './types';

const request = (overrides: Partial<SendRequest> = {}): SendRequest => ({
  mode: 'translate',
  text: 'Good morning',
  file: null,
  sourceLanguage: 'auto',
  targetLanguage: 'swh_Latn',
  ...overrides,
});

/** A context whose translation answers as told and which records the reply's patches. */
/** The server's answer for English text translated into `target`. */
const answer = (translated: string, target: string): TranslateResponse => ({
  translated_text: translated,
  source_language: 'eng_Latn',
  target_language: target,
  confidence_score: 0.97,
  processing_time: 0.1,
});

function context(outcome: { response?: TranslateResponse; error?: string }) {
  let reply: Partial<ReplyContent> = {};
  const translation = {
    translate: async (
      _request: unknown,
      callbacks?: { onError?: (message: string, error: unknown) => void },
    ) => {
      if (outcome.error !== undefined)
        callbacks?.onError?.(outcome.error, new ApiError(outcome.error, 503, 'MODEL_UNAVAILABLE'));
      return outcome.response ?? null;
    },
  } as unknown as SendContext['translation'];
  const value: SendContext = {
    setReply: (next) => {
      reply = next;
    },
    translation,
    history: [],
  };
  return { value, reply: () => reply };
}

describe('pickSendHandler', () => {
  it('chat mode chats, with or without a file; translate mode sends a file to the document handler', () => {
    const file = new File(['x'], 'a.txt');
    expect(pickSendHandler(request({ file }))).toBe(sendHandlers.document);
    expect(pickSendHandler(request({ file, mode: 'chat' }))).toBe(sendHandlers.chat);
    expect(pickSendHandler(request())).toBe(translateTextHandler);
    expect(pickSendHandler(request({ mode: 'chat' }))).toBe(sendHandlers.chat);
  });
});

describe('translateTextHandler', () => {
  it('fills the reply with the translation and, for Auto Detect, the detected language', async () => {
    const { value, reply } = context({
      response: answer('Habari za asubuhi', 'swh_Latn'),
    });
    await translateTextHandler(request(), value);
    expect(reply()).toMatchObject({
      kind: 'translation',
      content: 'Habari za asubuhi',
      detectedLanguage: 'eng_Latn',
      translationData: {
        sourceText: 'Good morning',
        sourceLanguage: 'eng_Latn',
        targetLanguage: 'swh_Latn',
        translatedText: 'Habari za asubuhi',
      },
    });
    expect(reply().error).toBeUndefined();
  });

  it('says the text is already in the target language instead of echoing it back', async () => {
    const { value, reply } = context({
      response: answer('Good morning', 'eng_Latn'),
    });
    await translateTextHandler(request({ targetLanguage: 'eng_Latn' }), value);
    expect(reply()).toMatchObject({
      kind: 'translation',
      content: '',
      errorDetail: SAME_LANGUAGE_ANSWER,
      detectedLanguage: 'eng_Latn',
    });
    expect(reply()).not.toHaveProperty('translationData');
    expect(reply().error).toBeUndefined();
  });

  it("shows 'Translation failed' with a plain reason, and the server's wording as the detail", async () => {
    const { value, reply } = context({ error: 'NLLB worker exited with code 137' });
    await translateTextHandler(request({ sourceLanguage: 'eng_Latn' }), value);
    expect(reply()).toMatchObject({
      error: true,
      content: 'Translation failed',
      errorDetail: 'The translation model is not available on this server right now.',
      technicalDetail: 'NLLB worker exited with code 137 (MODEL_UNAVAILABLE)',
    });
  });

  it('says so when it was cancelled', async () => {
    const { value, reply } = context({});
    await translateTextHandler(request(), value);
    expect(reply()).toMatchObject({
      errorDetail: 'Cancelled.',
    });
    expect(reply().error).toBeUndefined();
  });
});
