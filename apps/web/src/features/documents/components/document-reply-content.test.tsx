import type { TranslateDocumentResponse } from '@sema/shared/api/documents';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { DocumentReplyContent } from './document-reply-content';

const result: TranslateDocumentResponse = {
  file_name: 'paper.fr.md',
  format: 'pdf',
  mime_type: 'text/markdown',
  text: '# Bonjour\n',
  source_language: 'eng_Latn',
  target_language: 'fra_Latn',
  characters: 5,
  processing_time: 0.2,
  preview: 'Bonjour',
  truncated: false,
  note: 'A PDF layout cannot be rebuilt: its text was extracted page by page and is returned as Markdown.',
};

const languageName = (code: string) => (code === 'eng_Latn' ? 'English' : code);

beforeAll(() => {
  // jsdom has no object URLs (nor downloads); the browser's are exercised end to end.
  URL.createObjectURL = vi.fn(() => 'blob:translated');
  URL.revokeObjectURL = vi.fn();
});

describe('DocumentReplyContent', () => {
  it('shows a progress bar with the share of characters done', () => {
    render(
      <DocumentReplyContent
        reply={{ fileName: 'paper.pdf', progress: { done: 30, total: 120 } }}
        languageName={languageName}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Translating paper.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/25%/)).toBeInTheDocument();
  });

  it('has no value before the first progress event', () => {
    render(<DocumentReplyContent reply={{ fileName: 'paper.pdf' }} languageName={languageName} />);
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  });

  it('shows the preview in the target language, the note, the detected language and a download button', async () => {
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    render(
      <DocumentReplyContent
        reply={{ fileName: 'paper.pdf', result }}
        detectedLanguage="eng_Latn"
        languageName={languageName}
      />,
    );
    expect(screen.getByLabelText('Preview of the translation')).toHaveAttribute('lang', 'fra-Latn');
    expect(screen.getByText('Bonjour')).toBeInTheDocument();
    expect(screen.getByText(/returned as Markdown/)).toBeInTheDocument();
    expect(screen.getByTestId('detected-language')).toHaveTextContent('Detected language: English');
    await userEvent.click(screen.getByRole('button', { name: 'Download paper.fr.md' }));
    expect(clicks.map((link) => [link.download, link.href])).toEqual([['paper.fr.md', 'blob:translated']]);
    expect(URL.createObjectURL).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'text/markdown;charset=utf-8' }),
    );
  });

  it("shows the server's reason when the file was refused", () => {
    const detail = 'The file is named .docx but is not a Word document (it is not a ZIP package).';
    render(
      <DocumentReplyContent reply={{ fileName: 'fake.docx' }} error={detail} languageName={languageName} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(`fake.docx${detail}`);
  });
});
