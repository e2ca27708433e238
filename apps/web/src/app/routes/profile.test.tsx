import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Header } from '@/app/layouts/header';
import { saveUser, USER_STORAGE_KEY } from '@/lib/auth';
import { Route, Routes, useLocation } from '@/lib/routing';
import { renderApp } from '@/testing/render-app';

import { ProfileRoute } from './profile';

afterEach(() => vi.restoreAllMocks());

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** The profile page under the real header, with stand-ins for the pages it can send people to. */
function renderProfile() {
  return renderApp(
    <>
      <Header />
      <Where />
      <Routes>
        <Route path="/profile" element={<ProfileRoute />} />
        <Route path="/login" element={<p>login page</p>} />
        <Route path="/" element={<p>home page</p>} />
      </Routes>
    </>,
    { route: '/profile' },
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!) as Record<string, unknown>;
const headerName = () => screen.getByTestId('display-name');
const nameField = () => screen.getByRole('textbox', { name: 'Display name' });
const save = () => screen.getByRole('button', { name: 'Save' });

/** Another tab renames Lin: it writes the stored user and this tab hears of it. */
function renamedInAnotherTab(name: string) {
  act(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ email: 'lin@example.com', isLoggedIn: true, name }),
    );
    window.dispatchEvent(new StorageEvent('storage', { key: USER_STORAGE_KEY }));
  });
}

describe('/profile', () => {
  it('signed out, it sends the visitor to /login', () => {
    renderProfile();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('shows one h1, the display name with its initial, and the email', () => {
    act(() => saveUser({ email: 'amina@example.com', name: 'amina Njeri' }));
    renderProfile();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Profile']);
    expect(screen.getByTestId('profile-name')).toHaveTextContent('amina Njeri');
    expect(screen.getByTestId('profile-name')).toHaveAttribute('dir', 'auto');
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('A');
    expect(screen.getByText('amina@example.com')).toBeInTheDocument();
    expect(nameField()).toHaveValue('amina Njeri');
    expect(nameField()).toHaveAttribute('dir', 'auto');
  });

  it('saves a trimmed new name; the header shows it at once and the change is announced', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'amina@example.com' }));
    renderProfile();
    expect(headerName()).toHaveTextContent('amina');
    expect(nameField()).toHaveValue('');
    expect(nameField()).toHaveAccessibleDescription(
      'Up to 50 characters. Leave it empty to use the name from your email, amina.',
    );
    await user.type(nameField(), '  مريم الحسن ');
    await user.click(save());
    expect(stored()).toEqual({ email: 'amina@example.com', isLoggedIn: true, name: 'مريم الحسن' });
    expect(headerName()).toHaveTextContent('مريم الحسن');
    expect(screen.getByTestId('profile-name')).toHaveTextContent('مريم الحسن');
    expect(screen.getByRole('status')).toHaveTextContent('Saved. You are shown as مريم الحسن.');
    expect(nameField()).toHaveValue('مريم الحسن');
    // Editing again takes the confirmation away: it no longer describes what is in the field.
    await user.type(nameField(), 'x');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('an empty name removes the stored one: the email name shows again', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'kofi@example.com', name: 'Kofi Mensah' }));
    renderProfile();
    await user.clear(nameField());
    await user.type(nameField(), '   ');
    await user.click(save());
    expect(stored()).toEqual({ email: 'kofi@example.com', isLoggedIn: true });
    expect(headerName()).toHaveTextContent('kofi');
    expect(screen.getByRole('status')).toHaveTextContent('Saved. Your name now comes from your email: kofi.');
    expect(nameField()).toHaveValue('');
  });

  it('a name over 50 characters is refused with an announced error, and nothing is stored', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'kofi@example.com', name: 'Kofi' }));
    renderProfile();
    await user.clear(nameField());
    await user.type(nameField(), 'K'.repeat(51));
    await user.click(save());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Display name is too long: 51 characters (at most 50).');
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(nameField()).toHaveAccessibleDescription(expect.stringContaining('Display name is too long'));
    expect(stored().name).toBe('Kofi');
    expect(headerName()).toHaveTextContent('Kofi');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await user.clear(nameField());
    await user.type(nameField(), 'Kofi M.');
    await user.click(save());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(nameField()).not.toHaveAttribute('aria-invalid');
    expect(stored().name).toBe('Kofi M.');
  });

  it('says so when the browser refuses to store the name', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'kofi@example.com', name: 'Kofi' }));
    renderProfile();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    await user.clear(nameField());
    await user.type(nameField(), 'Kofi Mensah');
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your name could not be saved: this browser refused to store it.',
    );
    expect(headerName()).toHaveTextContent('Kofi');
  });

  it('a rename in another tab fills the field, unless something is being typed here', () => {
    act(() => saveUser({ email: 'lin@example.com', name: 'Lin' }));
    renderProfile();
    renamedInAnotherTab('Lin Wei');
    expect(nameField()).toHaveValue('Lin Wei');
    expect(headerName()).toHaveTextContent('Lin Wei');
  });

  it('keeps what is being typed when another tab renames', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'lin@example.com', name: 'Lin' }));
    renderProfile();
    await user.type(nameField(), ' Wei');
    renamedInAnotherTab('L.');
    expect(nameField()).toHaveValue('Lin Wei');
  });

  it('Sign Out here removes the record and goes home, not to /login', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'kofi@example.com' }));
    renderProfile();
    const signOutSection = screen.getByRole('region', { name: 'Sign out' });
    await user.click(within(signOutSection).getByRole('button', { name: 'Sign Out' }));
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByText('home page')).toBeInTheDocument();
  });

  it('Sign Out from the header menu while here also goes home', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'kofi@example.com' }));
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'kofi' }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('says in plain words that the account lives only in this browser and that no password is kept', () => {
    act(() => saveUser({ email: 'kofi@example.com' }));
    renderProfile();
    const note = screen.getByRole('region', { name: 'Where your account is kept' });
    expect(note).toHaveTextContent('only in this browser on this device');
    expect(note).toHaveTextContent('Nothing of it is sent to a server');
    expect(note).toHaveTextContent('it is not kept anywhere');
    // No storage keys or cryptography terms for people to decode.
    expect(note.textContent).not.toMatch(/sema_|hash|salt/);
    const signOut = screen.getByRole('region', { name: 'Sign out' });
    expect(signOut).toHaveTextContent('you can sign in again here with the same email and password');
    expect(signOut.textContent).not.toMatch(/deletes/);
  });
});
