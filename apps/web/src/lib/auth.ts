import { useSyncExternalStore } from 'react';

/**
 * The local-only sign-in: one JSON record in local storage, nothing sent to
 * a server. Components read it through `useUser()`; every change notifies them (also from other tabs).
 */
export const USER_STORAGE_KEY = 'sema_user';
/** Accounts made at sign-up on this device (see lib/local-accounts.ts). */
export const ACCOUNTS_STORAGE_KEY = 'sema_accounts';

export interface StoredUser {
  email: string;
  isLoggedIn: true;
  /** Present when the account was created at signup. */
  name?: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(USER_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

function parseRecord(raw: string | null): StoredUser | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    if (record.isLoggedIn !== true) return null;
    return {
      email: typeof record.email === 'string' ? record.email : '',
      isLoggedIn: true,
      ...(typeof record.name === 'string' ? { name: record.name } : {}),
    };
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Start-up check: a record that cannot be parsed, or that is not logged in, is removed.
 * Returns the signed-in user, if any.
 */
export function initAuth(): StoredUser | null {
  const raw = readRaw();
  const user = parseRecord(raw);
  if (raw !== null && !user) {
    try {
      storage()?.removeItem(USER_STORAGE_KEY);
    } catch {
      // Nothing more we can do with a storage that refuses writes.
    }
  }
  return user;
}

/** Saves a signed-in record. Throws when local storage refuses it (signup reports that). */
export function saveUser(user: { email: string; name?: string }): void {
  const record: StoredUser = {
    email: user.email,
    isLoggedIn: true,
    ...(user.name ? { name: user.name } : {}),
  };
  const store = storage();
  if (!store) throw new Error('Local storage is not available');
  store.setItem(USER_STORAGE_KEY, JSON.stringify(record));
  notify();
}

export function logout(): void {
  try {
    storage()?.removeItem(USER_STORAGE_KEY);
  } finally {
    notify();
  }
}

/** The part of an email before the @ sign, trimmed ('' when there is none). */
export function emailName(email: string): string {
  return email.split('@')[0]?.trim() ?? '';
}

/**
 * The name the header shows: the stored name, else the part of the email before the
 * @ sign, else 'User'.
 */
export function displayNameOf(record: { name?: unknown; email?: unknown }): string {
  if (typeof record.name === 'string' && record.name.trim()) return record.name.trim();
  if (typeof record.email === 'string' && emailName(record.email)) return emailName(record.email);
  return 'User';
}

/** The display name of a stored record's text; one that cannot be parsed is 'User'. */
export function displayName(raw: string | null = readRaw()): string {
  try {
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof value === 'object' && value !== null) return displayNameOf(value as Record<string, unknown>);
  } catch {
    // An unparsable record falls through to the default.
  }
  return 'User';
}

/**
 * Gives the signed-in user a new display name, or none (`undefined`: the email's name shows again).
 * Throws when no one is signed in or local storage refuses the write.
 */
export function renameUser(name: string | undefined): void {
  const user = parseRecord(readRaw());
  if (!user) throw new Error('No one is signed in');
  saveUser({ email: user.email, ...(name ? { name } : {}) });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === USER_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export interface AuthState {
  user: StoredUser | null;
  displayName: string;
}

// useSyncExternalStore needs the same object back while the stored text is unchanged.
let lastRaw: string | null | undefined;
let lastState: AuthState = { user: null, displayName: 'User' };

function snapshot(): AuthState {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    const user = parseRecord(raw);
    lastState = { user, displayName: user ? displayName(raw) : 'User' };
  }
  return lastState;
}

const serverSnapshot: AuthState = { user: null, displayName: 'User' };

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, snapshot, () => serverSnapshot);
}
