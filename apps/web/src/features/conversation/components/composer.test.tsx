import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import type { Mode } from '../types';
import { Composer, type ComposerSubmission } from './composer';

function Harness({ onSend }: { onSend: (submission: ComposerSubmission) => void }) {
  const [mode, setMode] = useState<Mode>('translate');
  const [file, setFile] = useState<File | null>(null);
  return <Composer mode={mode} onModeChange={setMode} file={file} onFileChange={setFile} onSend={onSend} />;
}

describe('Composer', () => {
  it('Enter sends, Shift+Enter inserts a newline, and the box empties after sending', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByRole('textbox');
    await user.type(box, 'first{Shift>}{Enter}{/Shift}second');
    expect(box).toHaveValue('first\nsecond');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: 'first\nsecond', file: null });
    expect(box).toHaveValue('');
  });

  it('cannot send blank text, and Enter on blank text sends nothing', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox'), '   {Enter}');
    expect(send).toBeDisabled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('switches placeholders with the mode (translate by default)', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={vi.fn()} />);
    const box = screen.getByRole('textbox');
    expect(screen.getByRole('button', { name: 'Translate' })).toHaveAttribute('aria-pressed', 'true');
    expect(box).toHaveAttribute('placeholder', 'Enter text to translate or drag & drop a file');
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(box).toHaveAttribute('placeholder', 'Message Sema or drag & drop a file...');
  });

  it('an attached file shows as a chip, changes the placeholder, can be sent alone and removed', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    const { container } = render(<Harness onSend={onSend} />);
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await user.upload(container.querySelector('input[type="file"]')!, file);
    expect(screen.getByTestId('file-chip')).toHaveTextContent('notes.txt');
    expect(screen.getByRole('textbox')).toHaveAttribute(
      'placeholder',
      'Add a message for your document (optional)',
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove notes.txt' }));
    expect(screen.queryByTestId('file-chip')).not.toBeInTheDocument();
    await user.upload(container.querySelector('input[type="file"]')!, file);
    fireEvent.submit(screen.getByRole('form', { name: 'Message' }));
    expect(onSend).toHaveBeenCalledWith({ text: '', file });
  });

  it('offers the localisation files (XLIFF, PO/POT, ARB, Android, Apple) in its file picker and takes them', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness onSend={vi.fn()} />);
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const accepted = input.accept.split(',');
    for (const extension of ['.xlf', '.xliff', '.po', '.pot', '.arb', '.xml', '.strings'])
      expect(accepted).toContain(extension);
    await user.upload(
      input,
      new File(['<xliff version="1.2"/>'], 'app.xlf', { type: 'application/xliff+xml' }),
    );
    expect(screen.getByTestId('file-chip')).toHaveTextContent('app.xlf');
  });

  it('in translate mode, says that text typed beside a file is not used (and not in chat mode)', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness onSend={vi.fn()} />);
    await user.type(screen.getByRole('textbox'), 'Please make it formal');
    expect(screen.queryByTestId('text-beside-file')).not.toBeInTheDocument();
    await user.upload(container.querySelector('input[type="file"]')!, new File(['hi'], 'a.txt'));
    expect(screen.getByTestId('text-beside-file')).toHaveTextContent('Only the file is translated');
    expect(screen.getByRole('textbox')).toHaveAccessibleDescription(/Only the file is translated/);
    await user.click(screen.getByRole('button', { name: 'Chat' }));
    expect(screen.queryByTestId('text-beside-file')).not.toBeInTheDocument();
  });

  it('grows with its content up to five rows', async () => {
    const user = userEvent.setup();
    render(<Harness onSend={vi.fn()} />);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    // jsdom has no layout: give the box a line height and a content height that follows the lines.
    box.style.lineHeight = '24px';
    box.style.paddingTop = '12px';
    box.style.paddingBottom = '8px';
    Object.defineProperty(box, 'scrollHeight', { get: () => box.value.split('\n').length * 24 + 20 });
    await user.type(box, 'a{Shift>}{Enter}{/Shift}b');
    expect(box.style.height).toBe('68px');
    expect(box.style.overflowY).toBe('hidden');
    await user.type(box, '{Shift>}{Enter}{Enter}{Enter}{Enter}{Enter}{/Shift}c');
    expect(box.style.height).toBe(`${5 * 24 + 20}px`);
    expect(box.style.overflowY).toBe('auto');
  });
});
