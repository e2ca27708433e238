import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { displayName, initAuth, logout, renameUser, saveUser, useAuth, USER_STORAGE_KEY } from './auth';

const store = (value: string) => window.localStorage.setItem(USER_STORAGE_KEY, value);

describe('display name', () => {
  it('is the stored name, else the email before @, else User', () => {
    expect(
      displayName(JSON.stringify({ email: 'amina@example.com', isLoggedIn: true, name: 'Amina N.' })),
    ).toBe('Amina N.');
    expect(displayName(JSON.stringify({ email: 'amina@example.com', isLoggedIn: true }))).toBe('amina');
    expect(displayName(JSON.stringify({ isLoggedIn: true }))).toBe('User');
    expect(displayName('{broken')).toBe('User');
    expect(displayName(null)).toBe('User');
  });
});

describe('start-up check', () => {
  it('keeps a logged-in record', () => {
    store(JSON.stringify({ email: 'a@example.com', isLoggedIn: true }));
    expect(initAuth()).toEqual({ email: 'a@example.com', isLoggedIn: true });
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });

  it.each([['{not json'], [JSON.stringify({ email: 'a@example.com', isLoggedIn: false })], ['42']])(
    'removes a malformed or logged-out record: %s',
    (raw) => {
      store(raw);
      expect(initAuth()).toBeNull();
      expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    },
  );
});

describe('useAuth', () => {
  it('follows signup, login and logout', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.user).toBeNull();
    act(() => saveUser({ email: 'kofi@example.com', name: 'Kofi' }));
    expect(result.current.user).toEqual({ email: 'kofi@example.com', isLoggedIn: true, name: 'Kofi' });
    expect(result.current.displayName).toBe('Kofi');
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual({
      email: 'kofi@example.com',
      isLoggedIn: true,
      name: 'Kofi',
    });
    act(() => logout());
    expect(result.current.user).toBeNull();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    act(() => saveUser({ email: 'lin@example.com' }));
    expect(result.current.displayName).toBe('lin');
  });
});

describe('renameUser', () => {
  it('stores a new name, and no name at all for undefined, keeping the email', () => {
    const { result } = renderHook(() => useAuth());
    act(() => saveUser({ email: 'kofi@example.com', name: 'Kofi' }));
    act(() => renameUser('Kofi Mensah'));
    expect(result.current.displayName).toBe('Kofi Mensah');
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual({
      email: 'kofi@example.com',
      isLoggedIn: true,
      name: 'Kofi Mensah',
    });
    act(() => renameUser(undefined));
    expect(result.current.displayName).toBe('kofi');
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual({
      email: 'kofi@example.com',
      isLoggedIn: true,
    });
  });

  it('refuses when no one is signed in, and creates no record', () => {
    expect(() => renameUser('Ghost')).toThrow('No one is signed in');
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a name saved in another tab reaches this one through the storage event', () => {
    const { result } = renderHook(() => useAuth());
    act(() => saveUser({ email: 'lin@example.com' }));
    const renamed = JSON.stringify({ email: 'lin@example.com', isLoggedIn: true, name: 'Lin Wei' });
    // What another tab's write looks like here: the value changes, then a storage event arrives.
    act(() => {
      window.localStorage.setItem(USER_STORAGE_KEY, renamed);
      window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY, newValue: renamed }));
    });
    expect(result.current.displayName).toBe('Lin Wei');
  });
});
