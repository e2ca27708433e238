/**
 * The visitor's own API key for this server, when the server asks for one (`web_access.mode` is
 * `key`): pasted once on the Developer page, kept in this browser only, and sent with every request
 * that does work instead of a session token.
 */
const STORAGE_KEY = 'sema.apiKey';

export function storedApiKey(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode, a sandboxed frame): the app works without a key.
    return null;
  }
}

/** Keeps the key on this device, or forgets it (null or blank). */
export function storeApiKey(key: string | null): void {
  try {
    const trimmed = key?.trim();
    if (trimmed) localStorage.setItem(STORAGE_KEY, trimmed);
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing kept: the next request goes without it and the server says so.
  }
}
