/**
 * English, the language the chat model reads and writes: a chat turn is translated into it and
 * back out of it, and a document read for a chat is read in it. One definition for both apps.
 */
export const ENGLISH = 'eng_Latn';
