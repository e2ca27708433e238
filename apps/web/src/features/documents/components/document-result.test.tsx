import type { TranslateDocumentResponse } from '@sema/shared/api/documents';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DocumentResult } from './document-result';

const result: TranslateDocumentResponse = {
  file_name: 'deck.fr.pptx',
  format: 'pptx',
  mime_type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  source_language: 'eng_Latn',
  target_language: 'fra_Latn',
  characters: 40,
  processing_time: 0.3,
  preview: 'Résultats trimestriels',
  truncated: false,
};

describe('DocumentResult', () => {
  it('shows what the server left untranslated (issue 29), so it is not lost', () => {
    const note = 'Left untranslated (copied as they are): 2 charts, 1 SmartArt diagram, 1 comment part.';
    render(<DocumentResult result={{ ...result, note }} languageName={(code) => code} />);
    expect(screen.getByTestId('document-result')).toHaveTextContent(note);
  });

  it('shows no note when everything was translated', () => {
    render(<DocumentResult result={result} languageName={(code) => code} />);
    expect(screen.getByTestId('document-result')).not.toHaveTextContent(/untranslated/i);
  });
});
