import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { USER_STORAGE_KEY } from '@/lib/auth';
import { renderApp } from '@/testing/render-app';

import { DEMO_ACCOUNTS } from '../demo-accounts';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

afterEach(() => vi.restoreAllMocks());

describe('LoginForm', () => {
  it('has exactly two demo accounts; a wrong password shows the spec message and stores nothing', async () => {
    expect(DEMO_ACCOUNTS).toHaveLength(2);
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderApp(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Email'), DEMO_ACCOUNTS[0]!.email);
    await user.type(screen.getByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('a demo account signs in: { email, isLoggedIn } is stored', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderApp(<LoginForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Email'), ` ${DEMO_ACCOUNTS[1]!.email.toUpperCase()} `);
    await user.type(screen.getByLabelText('Password'), DEMO_ACCOUNTS[1]!.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onSuccess).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual({
      email: DEMO_ACCOUNTS[1]!.email.toUpperCase(),
      isLoggedIn: true,
    });
  });

  it('links to forgot password and sign up', () => {
    renderApp(<LoginForm onSuccess={vi.fn()} />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });
});

describe('SignupForm', () => {
  it('hints the 8-character minimum and refuses a shorter password', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderApp(<SignupForm onSuccess={onSuccess} />);
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Must be at least 8 characters');
    expect(password).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.type(screen.getByLabelText('Full Name'), 'Amina');
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.type(password, 'short');
    // Past the browser's own check, the form still refuses it.
    screen.getByRole('button', { name: 'Sign Up' }).closest('form')!.noValidate = true;
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Must be at least 8 characters');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('stores { email, isLoggedIn, name }', async () => {
    const user = userEvent.setup();
    const onSuccess = vi.fn();
    renderApp(<SignupForm onSuccess={onSuccess} />);
    await user.type(screen.getByLabelText('Full Name'), 'Amina Njeri');
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(onSuccess).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY)!)).toEqual({
      email: 'amina@example.com',
      isLoggedIn: true,
      name: 'Amina Njeri',
    });
  });

  it("says 'Error creating account. Please try again.' when local storage refuses", async () => {
    const user = userEvent.setup();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    renderApp(<SignupForm onSuccess={vi.fn()} />);
    await user.type(screen.getByLabelText('Full Name'), 'Amina');
    await user.type(screen.getByLabelText('Email'), 'amina@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Error creating account. Please try again.');
  });
});

/** Fills the forgot-password form with `email` and continues. */
async function askForPasswordOf(email: string) {
  const user = userEvent.setup();
  renderApp(<ForgotPasswordForm />);
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('ForgotPasswordForm', () => {
  it('promises no email: it says how to get back in, and offers sign-up and the way back to login', async () => {
    await askForPasswordOf('kofi@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'No email was sent. To use kofi@example.com with a new password, sign up again with it in this browser',
    );
    expect(screen.getByRole('status').textContent).not.toMatch(/we've sent/);
    expect(screen.getByRole('link', { name: 'Sign up again' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('points a demo account to its password on the login page', async () => {
    await askForPasswordOf('demo@example.com');
    expect(screen.getByRole('status')).toHaveTextContent(
      'No email was sent. demo@example.com is a demo account: its password is shown on the login page.',
    );
  });
});
