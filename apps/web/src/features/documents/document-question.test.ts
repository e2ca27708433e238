import { describe, expect, it } from 'vitest';

import { DOCUMENT_CONTEXT_CHARS, documentPrompt, truncationNote } from './document-question';

describe('documentPrompt', () => {
  it('puts the document between markers, then the question', () => {
    const prompt = documentPrompt({
      fileName: 'notes.txt',
      text: 'Line one.\nLine two.',
      truncated: false,
      question: 'Who wrote it?',
    });
    expect(prompt).toBe(
      'Here is the text of the document "notes.txt", between the markers:\n<<<DOCUMENT\nLine one.\nLine two.\nDOCUMENT>>>\n\nUsing the document, answer: Who wrote it?',
    );
  });

  it('tells the model when the document was cut to the budget', () => {
    const prompt = documentPrompt({
      fileName: 'big.pdf',
      text: 'x',
      truncated: true,
      question: 'Summarise this document.',
    });
    expect(prompt).toContain(`only its first ${DOCUMENT_CONTEXT_CHARS.toLocaleString('en-US')} characters`);
    expect(truncationNote('big.pdf')).toBe('Only the first 6,000 characters of big.pdf were read.');
  });
});
