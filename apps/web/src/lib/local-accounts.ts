import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes } from '@noble/hashes/utils.js';

import { ACCOUNTS_STORAGE_KEY } from '@/lib/auth';

/**
 * Accounts created at signup, remembered on this device so that they can sign in again after
 * signing out. Sign-in is local: nothing is sent to a server and nothing here protects
 * anything. The password is still never stored: only a salted PBKDF2 hash of it, because people
 * reuse passwords. (A plain library hash, not `crypto.subtle`: that exists only on HTTPS and
 * localhost, and self-hosted servers are often reached over plain HTTP on a local network.)
 */

/** Enough to make a guess cost something, little enough to stay instant on a cheap phone. */
const ITERATIONS = 20_000;

interface StoredAccount {
  email: string;
  name: string;
  salt: string;
  hash: string;
}

function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashPassword(password: string, salt: string): string {
  return bytesToHex(pbkdf2(sha256, password, salt, { c: ITERATIONS, dkLen: 32 }));
}

function readAccounts(): StoredAccount[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(ACCOUNTS_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter(
      (item): item is StoredAccount =>
        typeof item === 'object' &&
        item !== null &&
        ['email', 'name', 'salt', 'hash'].every(
          (key) => typeof (item as Record<string, unknown>)[key] === 'string',
        ),
    );
  } catch {
    return [];
  }
}

/**
 * Remembers an account (replacing one with the same email). Throws when local storage refuses the
 * write: signup reports that.
 */
export function rememberAccount(account: { email: string; name: string; password: string }): void {
  const salt = bytesToHex(randomBytes(16));
  const email = normalEmail(account.email);
  const others = readAccounts().filter((stored) => stored.email !== email);
  const entry: StoredAccount = {
    email,
    name: account.name,
    salt,
    hash: hashPassword(account.password, salt),
  };
  window.localStorage.setItem(ACCOUNTS_STORAGE_KEY, JSON.stringify([...others, entry]));
}

/** The account created on this device with this email and password, if any. */
export function findAccount(email: string, password: string): { email: string; name: string } | undefined {
  const wanted = normalEmail(email);
  const account = readAccounts().find((stored) => stored.email === wanted);
  if (!account || hashPassword(password, account.salt) !== account.hash) return undefined;
  return { email: account.email, name: account.name };
}

/** Names chosen on the profile page for accounts that were not made here (the demo accounts). */
const OTHER_NAMES_KEY = 'sema_account_names';

function readOtherNames(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(OTHER_NAMES_KEY) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).filter(([, name]) => typeof name === 'string'))
      : {};
  } catch {
    return {};
  }
}

/**
 * Keeps a name chosen on the profile page for the next sign-in with this email on this device, so
 * that signing out and in again does not bring the old name back. No name: the email's is used.
 * Throws when local storage refuses the write.
 */
export function rememberDisplayName(email: string, name: string | undefined): void {
  const wanted = normalEmail(email);
  const accounts = readAccounts();
  const account = accounts.find((stored) => stored.email === wanted);
  if (account) {
    account.name = name ?? '';
    window.localStorage.setItem(ACCOUNTS_STORAGE_KEY, JSON.stringify(accounts));
    return;
  }
  const { [wanted]: _previous, ...others } = readOtherNames();
  window.localStorage.setItem(OTHER_NAMES_KEY, JSON.stringify(name ? { ...others, [wanted]: name } : others));
}

/** The name last chosen for an account not made here (a demo account), if any. */
export function rememberedDisplayName(email: string): string | undefined {
  return readOtherNames()[normalEmail(email)];
}
