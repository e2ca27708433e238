/** Numbers the spec fixes (parts 2 and 9). Timings are in milliseconds. */
export const PRODUCT_NAME = 'Sema';

export const SPLASH = { minimumMs: 1500, tickMs: 150, minStep: 5, maxStep: 20 } as const;

/** How long a copy button shows success or failure before returning to idle. */
export const COPY_FEEDBACK_MS = 2000;

export const INPUT_MAX_ROWS = 5;

export const PICKER = { maxHeightPx: 300 } as const;
/** The source picker's first entry. */
export const AUTO_DETECT_LABEL = 'Auto Detect';

export const SETTINGS_MENU = { openDelayMs: 200, closeDelayMs: 300 } as const;

export const DEFAULT_SOURCE_LANGUAGE = 'auto';
export const DEFAULT_TARGET_LANGUAGE = 'eng_Latn';

export const TRANSLATION_HISTORY_LIMIT = 50;

/**
 * Where the project's source lives, set at build time (VITE_SOURCE_REPOSITORY_URL, e.g. a
 * self-hoster's fork). Unset, /developer shows no link rather than one that may lead nowhere.
 */
export const SOURCE_REPOSITORY_URL: string | undefined =
  import.meta.env.VITE_SOURCE_REPOSITORY_URL?.trim() || undefined;

/** The interactive OpenAPI explorer the server serves. */
export const API_EXPLORER_PATH = '/api/v1/docs';
