/** What other features use of the documents feature: its reply model and its two flows. */
export type { DocumentReply } from './document-reply';
export { readDocumentInEnglish } from './read-in-english';
export { runDocumentTranslation } from './translate-document-flow';
