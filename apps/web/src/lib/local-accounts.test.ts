import { beforeEach, describe, expect, it } from 'vitest';

import { ACCOUNTS_STORAGE_KEY } from '@/lib/auth';

import { findAccount, rememberAccount, rememberDisplayName, rememberedDisplayName } from './local-accounts';

beforeEach(() => localStorage.clear());

describe('accounts made at sign-up on this device', () => {
  it('sign in again with the same email (any case) and password, and only with it', () => {
    rememberAccount({ email: ' Amina@Example.com ', name: 'Amina', password: 'mchele-na-maharage' });
    expect(findAccount('amina@example.com', 'mchele-na-maharage')).toEqual({
      email: 'amina@example.com',
      name: 'Amina',
    });
    expect(findAccount('amina@example.com', 'Mchele-na-maharage')).toBeUndefined();
    expect(findAccount('other@example.com', 'mchele-na-maharage')).toBeUndefined();
  });

  it('never stores the password, and salts each account differently', () => {
    rememberAccount({ email: 'a@example.com', name: 'A', password: 'same password' });
    rememberAccount({ email: 'b@example.com', name: 'B', password: 'same password' });
    const raw = localStorage.getItem(ACCOUNTS_STORAGE_KEY)!;
    expect(raw).not.toContain('same password');
    const [a, b] = JSON.parse(raw) as Array<{ hash: string; salt: string }>;
    expect(a!.salt).not.toBe(b!.salt);
    expect(a!.hash).not.toBe(b!.hash);
  });

  it('a second sign-up with the same email replaces the first; a damaged store is empty', () => {
    rememberAccount({ email: 'a@example.com', name: 'Old', password: 'first password' });
    rememberAccount({ email: 'a@example.com', name: 'New', password: 'second password' });
    expect(findAccount('a@example.com', 'first password')).toBeUndefined();
    expect(findAccount('a@example.com', 'second password')?.name).toBe('New');
    localStorage.setItem(ACCOUNTS_STORAGE_KEY, '{not json');
    expect(findAccount('a@example.com', 'second password')).toBeUndefined();
    localStorage.setItem(ACCOUNTS_STORAGE_KEY, JSON.stringify([{ email: 'a@example.com' }, 42]));
    expect(findAccount('a@example.com', 'second password')).toBeUndefined();
  });

  it('keeps a name changed on the profile page for the next sign-in, for sign-up and demo accounts', () => {
    rememberAccount({ email: 'amina@example.com', name: 'Amina', password: 'mchele-na-maharage' });
    rememberDisplayName('Amina@example.com', 'Amina Njeri');
    expect(findAccount('amina@example.com', 'mchele-na-maharage')?.name).toBe('Amina Njeri');
    // A demo account has no sign-up record: its name is kept beside them.
    rememberDisplayName('demo@example.com', 'Demo Person');
    expect(rememberedDisplayName(' DEMO@example.com')).toBe('Demo Person');
    rememberDisplayName('demo@example.com', undefined);
    expect(rememberedDisplayName('demo@example.com')).toBeUndefined();
  });
});
