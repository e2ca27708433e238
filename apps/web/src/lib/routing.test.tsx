import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { AddressBarRouter, Link, matchPath, MemoryRouter, NavLink, Outlet, Route, Routes } from './routing';

function Layout({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Outlet />
    </section>
  );
}

const routes = (
  <Routes>
    <Route element={<Layout name="main" />}>
      <Route path="/" element={<p>home</p>} />
      <Route path="/about" element={<p>about</p>} />
      <Route path="*" element={<p>not found</p>} />
    </Route>
    <Route element={<Layout name="auth" />}>
      <Route path="/login" element={<p>login</p>} />
    </Route>
  </Routes>
);

describe('routing', () => {
  it('matches static paths case-insensitively, with or without a trailing slash', () => {
    expect(matchPath('/about', '/About/')).toEqual({ pathname: '/About/' });
    expect(matchPath('/about', '/about/team')).toBeNull();
    expect(matchPath('/', '/')).not.toBeNull();
    expect(matchPath('*', '/anything')).not.toBeNull();
  });

  it('renders the matching route inside its layout; `*` only when nothing else matches', () => {
    const { unmount } = render(<MemoryRouter path="/login">{routes}</MemoryRouter>);
    expect(screen.getByRole('region', { name: 'auth' })).toHaveTextContent('login');
    unmount();
    render(<MemoryRouter path="/nowhere">{routes}</MemoryRouter>);
    expect(screen.getByRole('region', { name: 'main' })).toHaveTextContent('not found');
  });

  it('links navigate in the app, push history entries, and the back button returns', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/');
    render(
      <AddressBarRouter>
        <NavLink to="/about" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          About
        </NavLink>
        <Link to="/">Home</Link>
        {routes}
      </AddressBarRouter>,
    );
    const about = screen.getByRole('link', { name: 'About' });
    expect(about).toHaveClass('off');
    expect(about).not.toHaveAttribute('aria-current');
    await user.click(about);
    expect(await screen.findByText('about')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/about');
    expect(about).toHaveClass('on');
    expect(about).toHaveAttribute('aria-current', 'page');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByText('home')).toBeInTheDocument();
  });
});
