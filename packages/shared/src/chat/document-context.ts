/**
 * Chat about a dropped document: the model reads the document's text in English, cut to a budget so
 * that the prompt (with the conversation's memory) stays within what the model and the server accept,
 * between markers that set it apart from the question.
 */

/** Characters of a document that go to the model (about 1,500 tokens). */
export const DOCUMENT_CONTEXT_CHARS = 6000;

/** The question asked when the user sends a document without one. */
export const DEFAULT_DOCUMENT_QUESTION = 'Summarise this document.';

/** A document as the model reads it. */
export interface DocumentText {
  fileName: string;
  /** Its text in English, within {@link DOCUMENT_CONTEXT_CHARS}. */
  english: string;
  /** Only the beginning fitted in the budget. */
  truncated: boolean;
}

/** The user's message with the document: the document between markers, then the question. */
export function documentPrompt(document: DocumentText, question: string): string {
  const cut = document.truncated
    ? ` (only its first ${DOCUMENT_CONTEXT_CHARS.toLocaleString('en-US')} characters; the rest was left out)`
    : '';
  return [
    `Here is the text of the document "${document.fileName}"${cut}, between the markers:`,
    '<<<DOCUMENT',
    document.english,
    'DOCUMENT>>>',
    '',
    `Using the document, answer: ${question}`,
  ].join('\n');
}

/**
 * An earlier question about a document whose text is no longer sent (only the newest document's
 * text goes along): the model still knows what the question was about.
 */
export function documentMention(fileName: string, question: string): string {
  return `(About the document "${fileName}", whose text is no longer included.) ${question}`;
}

/** Said under the answer when the model only saw part of the document. */
export function truncationNote(fileName: string): string {
  return `Only the first ${DOCUMENT_CONTEXT_CHARS.toLocaleString('en-US')} characters of ${fileName} were read.`;
}
