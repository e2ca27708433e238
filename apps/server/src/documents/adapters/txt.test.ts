import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';

describe('txt adapter', () => {
  it('translates each line and keeps blank lines, indentation and CRLF endings', async () => {
    const input = 'Hello world.\r\n\r\n  Indented line  \r\nLast line without end';
    const { text, prepared } = await translateFile('notes.txt', input);
    expect(text).toBe('HELLO WORLD.\r\n\r\n  INDENTED LINE  \r\nLAST LINE WITHOUT END');
    expect(prepared.segments).toEqual(['Hello world.', 'Indented line', 'Last line without end']);
  });

  it('leaves lines without letters (numbers, rules) untouched and never sends them', async () => {
    const { text, prepared } = await translateFile('list.txt', 'Title\n-----\n2024\nEnd\n');
    expect(text).toBe('TITLE\n-----\n2024\nEND\n');
    expect(prepared.segments).toEqual(['Title', 'End']);
  });

  it('keeps a translation that contains line breaks on one line', async () => {
    const { text } = await translateFile('a.txt', 'one\ntwo\n', {
      translate: async (t) => t.map((s) => `${s}\nx`),
    });
    expect(text).toBe('one x\ntwo x\n');
  });
});
