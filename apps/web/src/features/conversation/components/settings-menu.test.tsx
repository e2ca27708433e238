import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { SettingsMenu } from './settings-menu';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SettingsMenu', () => {
  it('opens 200 ms after the pointer arrives and closes 300 ms after it leaves', () => {
    render(<SettingsMenu />);
    const gear = screen.getByRole('button', { name: 'Settings' });
    fireEvent.mouseEnter(gear.parentElement!);
    act(() => vi.advanceTimersByTime(199));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseLeave(gear.parentElement!);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('has the three disabled spec entries and says more settings are coming', () => {
    render(<SettingsMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const items = screen.getAllByRole('menuitem').slice(0, 3);
    expect(items.map((item) => item.textContent)).toEqual(['Model Settings', 'Appearance', 'Help & Support']);
    for (const item of items) expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('More settings coming soon')).toBeInTheDocument();
  });

  it('moves the theme on: as the system, then dark, then light, remembered across pages', () => {
    window.localStorage.removeItem('sema_theme');
    render(<SettingsMenu />);
    const choose = (label: string) => {
      if (!screen.queryByRole('menu')) fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
      fireEvent.click(screen.getByRole('menuitem', { name: label }));
    };
    choose('Theme: as the system');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('sema_theme')).toBe('dark');
    choose('Theme: dark');
    expect(document.documentElement.dataset.theme).toBe('light');
    choose('Theme: light');
    expect(window.localStorage.getItem('sema_theme')).toBeNull();
  });

  it('opens from the keyboard on the first entry, cycles with the arrows, closes on Escape', () => {
    render(<SettingsMenu />);
    const gear = screen.getByRole('button', { name: 'Settings' });
    gear.focus();
    fireEvent.keyDown(gear, { key: 'ArrowDown' });
    const items = screen.getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    fireEvent.keyDown(items[0]!, { key: 'ArrowUp' });
    expect(items[3]).toHaveFocus();
    fireEvent.keyDown(items[3]!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(gear).toHaveFocus();
  });
});
