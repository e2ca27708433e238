import { describe, expect, it } from 'vitest';
import { entriesFromObject, entriesToTsv, GlossaryInputError, parseEntries } from './entries.ts';

describe('glossary entries', () => {
  it('reads TSV, skipping blank lines and a final newline, and writes it back', () => {
    const entries = parseEntries('clinic\tzahanati\r\n\nSema\tSema\n', 'tsv');
    expect(entries).toEqual([
      ['clinic', 'zahanati'],
      ['Sema', 'Sema'],
    ]);
    expect(entriesToTsv(entries)).toBe('clinic\tzahanati\nSema\tSema');
  });

  it('reads CSV with quotes, escaped quotes, commas inside quotes and language columns', () => {
    const csv = '"health, clinic",zahanati\n"say ""hi""","sema ""jambo"""\nbook,kitabu,en,sw\n';
    expect(parseEntries(csv, 'csv')).toEqual([
      ['health, clinic', 'zahanati'],
      ['say "hi"', 'sema "jambo"'],
      ['book', 'kitabu'],
    ]);
  });

  it('says which line is wrong, and how', () => {
    const problem = (text: string, format: 'tsv' | 'csv' = 'tsv') => {
      try {
        parseEntries(text, format);
      } catch (error) {
        expect(error).toBeInstanceOf(GlossaryInputError);
        return (error as Error).message;
      }
      return 'no error';
    };
    expect(problem('a\tb\nno tab here')).toBe('entries line 2: no tab between term and translation');
    expect(problem('a\tb\tc')).toBe('entries line 1: more than one tab');
    expect(problem('a\t')).toBe('entries line 1: the translation is empty');
    expect(problem('\tb')).toBe('entries line 1: the term is empty');
    expect(problem('Sema\tx\nsema\ty')).toBe('entries line 2: "sema" is already a term (entries line 1)');
    expect(problem('"open,x', 'csv')).toBe('entries line 1: a quote is not closed');
    expect(problem('')).toBe('entries: a glossary needs at least one entry');
    expect(problem(`${'x'.repeat(101)}\ty`)).toBe('entries line 1: a term is at most 100 characters');
    expect(problem('a\u0000b\tc')).toBe('entries line 1: control characters and line breaks are not allowed');
    expect(problem(Array.from({ length: 10_001 }, (_, i) => `t${i}\tu`).join('\n'))).toBe(
      'entries: at most 10000 entries (got 10001)',
    );
  });

  it('reads a JSON object, refusing translations that are not text', () => {
    expect(entriesFromObject({ ' clinic ': 'zahanati ' })).toEqual([['clinic', 'zahanati']]);
    expect(() => entriesFromObject({ clinic: 3 })).toThrow('entries["clinic"]: the translation must be text');
    expect(() => entriesFromObject({})).toThrow('at least one entry');
  });
});
