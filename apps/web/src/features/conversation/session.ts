import type { Mode } from './types';

/** What the home screen keeps across a reload: the languages, the mode, the draft and the open conversation. */
export interface HomeSession {
  mode: Mode;
  sourceLanguage: string;
  targetLanguage: string;
  draft: string;
  /** The conversation on screen, reopened from the device's storage after a reload. */
  conversationId?: string;
}

const KEY = 'sema_session';
/** A script-tagged code (eng_Latn) or auto: anything else stored is not a language. */
const LANGUAGE_CODE = /^([a-z]{3}_[A-Z][a-z]{3}|auto)$/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage turned off: nothing is remembered, nothing fails.
  }
}

/** The stored session over the defaults; anything malformed is ignored field by field. */
export function readSession(defaults: HomeSession): HomeSession {
  let stored: unknown;
  try {
    stored = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return defaults;
  }
  if (typeof stored !== 'object' || stored === null) return defaults;
  const value = stored as Record<string, unknown>;
  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : undefined);
  const language = (field: string) => {
    const code = text(field);
    return code && LANGUAGE_CODE.test(code) ? code : undefined;
  };
  const target = language('targetLanguage');
  const mode = value.mode === 'chat' || value.mode === 'translate' ? value.mode : defaults.mode;
  const conversationId = text('conversationId') ?? defaults.conversationId;
  return {
    mode,
    sourceLanguage: language('sourceLanguage') ?? defaults.sourceLanguage,
    targetLanguage: target && target !== 'auto' ? target : defaults.targetLanguage,
    draft: text('draft') ?? defaults.draft,
    ...(conversationId ? { conversationId } : {}),
  };
}

export function writeSession(session: HomeSession): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(session));
  } catch {
    // Full or turned off: the session is simply not remembered.
  }
}
