/**
 * Chat mode with a document: the model gets the document's text (in English, cut to a budget so the
 * prompt stays within what the model and the server accept) together with the user's question.
 */

/** Characters of the document, in English, that go to the model (about 1,500 tokens). */
export const DOCUMENT_CONTEXT_CHARS = 6000;

/** The question asked when the user sends a document without one. */
export const DEFAULT_DOCUMENT_QUESTION = 'Summarise this document.';

export function documentPrompt({
  fileName,
  text,
  truncated,
  question,
}: {
  fileName: string;
  text: string;
  truncated: boolean;
  question: string;
}): string {
  const cut = truncated
    ? ` (only its first ${DOCUMENT_CONTEXT_CHARS.toLocaleString('en-US')} characters; the rest was left out)`
    : '';
  return [
    `Here is the text of the document "${fileName}"${cut}, between the markers:`,
    '<<<DOCUMENT',
    text,
    'DOCUMENT>>>',
    '',
    `Using the document, answer: ${question}`,
  ].join('\n');
}

/** Said under the answer when the model only saw part of the document. */
export function truncationNote(fileName: string): string {
  return `Only the first ${DOCUMENT_CONTEXT_CHARS.toLocaleString('en-US')} characters of ${fileName} were read.`;
}
