import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { saveUser, USER_STORAGE_KEY } from '@/lib/auth';
import { Route, Routes } from '@/lib/routing';
import { renderApp } from '@/testing/render-app';

import { Header } from './header';

describe('Header', () => {
  it('signed out: logo home, Login, Sign Up, API documentation and About', () => {
    renderApp(<Header />);
    expect(screen.getByRole('link', { name: 'Sema home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(nav).getByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/developer',
    );
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
  });

  it('signed in: the display name opens Profile and Sign Out; Sign Out removes the record', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'wanjiru@example.com' }));
    renderApp(<Header />);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'wanjiru' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Sign Out']);
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('Profile opens /profile, from the dropdown and from the phone menu', async () => {
    const user = userEvent.setup();
    act(() => saveUser({ email: 'wanjiru@example.com' }));
    renderApp(
      <>
        <Header />
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/profile" element={<p>profile page</p>} />
        </Routes>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'wanjiru' }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(screen.getByText('profile page')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(within(menu).getByRole('link', { name: 'Profile' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the phone menu opens over an overlay that closes it, and Escape closes it too', async () => {
    const user = userEvent.setup();
    renderApp(<Header />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    await user.click(screen.getByTestId('menu-overlay'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
