import { describe, expect, it } from 'vitest';
import { translateFile } from '../testing/translate-file.ts';
import { wrapIntoLines } from './cue-text.ts';

const srt = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  'Good morning.',
  '',
  '2',
  '00:00:03,000 --> 00:00:05,000',
  'This sentence is cut',
  'over two lines.',
  '',
  '3',
  '00:00:05,500 --> 00:00:07,000',
  '- Where are you?',
  '- At home.',
  '',
  '4',
  '00:00:07,500 --> 00:00:09,000',
  '<i>{\\an8}Whispering softly</i>',
  '',
  '5',
  '00:00:09,500 --> 00:00:10,000',
  'He said <b>no</b> twice.',
  '',
].join('\r\n');

const vtt = [
  'WEBVTT - Episode one',
  '',
  'NOTE This comment is not translated',
  '',
  'STYLE',
  '::cue { color: yellow }',
  '',
  'intro',
  '00:01.000 --> 00:02.500 align:start position:10%',
  '<v Mary>Hello there, friend.',
  '',
  '00:00:03.000 --> 00:00:04.000',
  'Second cue',
  '',
].join('\n');

function cueStructure(text: string) {
  // Numbers and timings of every cue, in order: what must survive translation untouched.
  return text.split(/\r?\n/).filter((line) => /^\d+$/.test(line) || line.includes('-->'));
}

describe('srt adapter', () => {
  it('keeps the same cues with the same numbers and timings, and CRLF line endings', async () => {
    const { text } = await translateFile('episode.srt', srt);
    expect(cueStructure(text)).toEqual(cueStructure(srt));
    expect(text.split('\r\n\r\n')).toHaveLength(srt.split('\r\n\r\n').length);
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it('translates a cue as one sentence and wraps it back into as many lines', async () => {
    const { text, prepared } = await translateFile('episode.srt', srt);
    expect(prepared.segments).toContain('This sentence is cut over two lines.');
    expect(text).toContain('00:00:03,000 --> 00:00:05,000\r\nTHIS SENTENCE IS\r\nCUT OVER TWO LINES.\r\n');
  });

  it('translates dialogue lines separately and keeps their dashes', async () => {
    const { text, prepared } = await translateFile('episode.srt', srt);
    expect(prepared.segments).toEqual(expect.arrayContaining(['Where are you?', 'At home.']));
    expect(text).toContain('- WHERE ARE YOU?\r\n- AT HOME.\r\n');
  });

  it('keeps styling tags around and inside the text', async () => {
    const { text } = await translateFile('episode.srt', srt);
    expect(text).toContain('<i>{\\an8}WHISPERING SOFTLY</i>');
    expect(text).toContain('HE SAID <b>NO</b> TWICE.');
  });

  it('refuses a .srt without any cue', async () => {
    await expect(translateFile('x.srt', 'just some words\nno timings')).rejects.toMatchObject({
      statusCode: 422,
      code: 'INVALID_DOCUMENT',
      detail: expect.stringContaining('No SubRip cues'),
    });
  });
});

describe('vtt adapter', () => {
  it('translates cue text only: header, NOTE, STYLE, identifiers, settings and voice tags are kept', async () => {
    const { text, prepared } = await translateFile('episode.vtt', vtt);
    expect(prepared.segments).toEqual(['Hello there, friend.', 'Second cue']);
    expect(text).toBe(
      vtt.replace('Hello there, friend.', 'HELLO THERE, FRIEND.').replace('Second cue', 'SECOND CUE'),
    );
  });

  it('refuses a .vtt without the WEBVTT header', async () => {
    await expect(translateFile('x.vtt', '00:01.000 --> 00:02.000\nHi')).rejects.toMatchObject({
      statusCode: 422,
      detail: 'A WebVTT file must start with the line WEBVTT.',
    });
  });
});

describe('wrapIntoLines', () => {
  it('balances words over the lines', () => {
    expect(wrapIntoLines('one two three four', 2)).toBe('one two\nthree four');
  });
  it('splits text without spaces between characters', () => {
    expect(wrapIntoLines('你好世界朋友们', 2).split('\n')).toHaveLength(2);
  });
  it('never makes more lines than there are words', () => {
    expect(wrapIntoLines('Hello', 3)).toBe('Hello');
  });
});
