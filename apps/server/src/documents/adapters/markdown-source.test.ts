import { describe, expect, it } from 'vitest';
import { frontMatterEnd, markdownSource } from './markdown-source.ts';

describe('frontMatterEnd', () => {
  it.each([
    ['---\na: 1\n---\nText', 12],
    ['---  \n---\nText', 9],
    ['+++\na = 1\n+++', 13],
    ['---\na: 1\n---', 12],
  ])('finds the end of the front matter in %j', (text, end) => {
    expect(frontMatterEnd(text)).toBe(end);
  });

  it.each([
    ['no fence', 'Text\n---\n'],
    ['no closing fence', '---\na: 1\n'],
    ['a fence alone', '---'],
    ['mixed fences', '---\na = 1\n+++\n'],
    ['a longer fence', '----\na: 1\n----\n'],
    ['an indented fence', ' ---\na: 1\n---\n'],
  ])('finds none with %s', (_, text) => {
    expect(frontMatterEnd(text)).toBe(0);
  });
});

describe('markdownSource', () => {
  it('reads CRLF and CR as LF and maps offsets back to the upload', () => {
    const upload = '---\r\na: 1\r\n---\r\nOne\r\ntwo\rthree\n';
    const source = markdownSource(upload);
    expect(source.body).toBe('\nOne\ntwo\nthree\n');
    for (const word of ['One', 'two', 'three']) {
      const at = source.body.indexOf(word);
      expect(upload.slice(source.toUpload(at), source.toUpload(at + word.length))).toBe(word);
    }
    // The end of a line maps to its CR, so a replaced range never splits a CRLF.
    expect(upload.slice(source.toUpload(source.body.indexOf('\ntwo')))).toMatch(/^\r\ntwo/);
  });

  it('passes LF text through untouched', () => {
    const source = markdownSource('# Hi\n');
    expect(source.body).toBe('# Hi\n');
    expect(source.toUpload(2)).toBe(2);
  });
});
