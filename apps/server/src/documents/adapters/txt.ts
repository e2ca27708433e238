import { addSegment, fillSlot, splitLines, type Slot } from '../segments.ts';
import type { DocumentAdapter } from '../types.ts';

/**
 * Plain text: each line is translated on its own, so paragraphs, blank lines, indentation and the
 * original line endings (LF or CRLF) come back exactly as they were.
 */
export const txtAdapter: DocumentAdapter = {
  format: 'txt',
  mimeType: 'text/plain',
  textual: true,
  extract({ text }) {
    const lines = splitLines(text);
    const segments: string[] = [];
    const slots: Array<Slot | null> = lines.map((line) => addSegment(segments, line));
    return {
      segments,
      rebuild: (translations) =>
        lines.map((line, i) => (slots[i] ? fillSlot(slots[i], translations, oneLine) : line)).join(''),
    };
  },
};

/** A translation must not add line breaks, or the line structure would change. */
export function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
