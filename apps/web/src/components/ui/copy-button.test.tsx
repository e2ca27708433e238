import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { copyText } from '@/lib/clipboard';

import { CopyButton } from './copy-button';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('CopyButton', () => {
  it('shows success for 2 s, then returns to idle', async () => {
    const copy = vi.fn(async () => undefined);
    render(<CopyButton text="Habari" label="Copy reply" copy={copy} />);
    const button = screen.getByRole('button', { name: 'Copy reply' });
    await click(button);
    expect(copy).toHaveBeenCalledWith('Habari');
    expect(button).toHaveAttribute('data-copy-state', 'success');
    expect(button).toHaveAccessibleName('Copied');
    act(() => vi.advanceTimersByTime(1999));
    expect(button).toHaveAttribute('data-copy-state', 'success');
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveAttribute('data-copy-state', 'idle');
  });

  it('shows the failure state for 2 s when copying fails', async () => {
    render(<CopyButton text="x" label="Copy reply" copy={() => Promise.reject(new Error('denied'))} />);
    const button = screen.getByRole('button');
    await click(button);
    expect(button).toHaveAttribute('data-copy-state', 'error');
    expect(button).toHaveAccessibleName('Copy failed');
    act(() => vi.advanceTimersByTime(2000));
    expect(button).toHaveAttribute('data-copy-state', 'idle');
  });
});

describe('copyText', () => {
  it('falls back to a text area and execCommand when the Clipboard API refuses', async () => {
    vi.useRealTimers();
    const writeText = vi.fn(() => Promise.reject(new Error('not allowed')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    let copied = '';
    document.execCommand = vi.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    await copyText('fallback text');
    expect(writeText).toHaveBeenCalled();
    expect(copied).toBe('fallback text');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('fails when neither way works', async () => {
    vi.useRealTimers();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    document.execCommand = vi.fn(() => false);
    await expect(copyText('x')).rejects.toThrow('Copy failed');
  });
});
