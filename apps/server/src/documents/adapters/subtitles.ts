import { documentError } from '../errors.ts';
import { lineParts, splitLines } from '../segments.ts';
import type { DocumentAdapter, ExtractedDocument } from '../types.ts';
import { planCue, type CueRebuild } from './cue-text.ts';

/**
 * SubRip (.srt) and WebVTT (.vtt). Only cue text lines change: cue numbers, identifiers, timing lines
 * with their settings, the WEBVTT header, NOTE/STYLE/REGION blocks, blank lines and line endings are
 * copied as they were. A small line-based reader is used instead of a subtitle library because
 * libraries parse into objects and re-serialise, which loses exactly those details.
 */
const TIMING = /^\s*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}\s*-->\s*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}/;

interface Cue {
  /** Indices (into the file's lines) of the cue's text lines. */
  lineIndices: number[];
  rebuild: CueRebuild;
}

function extractCues(text: string, kind: 'SubRip' | 'WebVTT'): ExtractedDocument {
  const lines = splitLines(text);
  const contents = lines.map((line) => lineParts(line).content);
  const segments: string[] = [];
  const cues: Cue[] = [];
  let index = 0;
  while (index < contents.length) {
    // A block runs until the next blank line.
    if (contents[index]!.trim() === '') {
      index += 1;
      continue;
    }
    const start = index;
    while (index < contents.length && contents[index]!.trim() !== '') index += 1;
    // The timing is the block's first line, or its second after a cue number / identifier.
    const timing = [start, start + 1].find((i) => i < index && TIMING.test(contents[i]!));
    if (timing === undefined) continue; // WEBVTT header, NOTE, STYLE, REGION: not cue text.
    const lineIndices = range(timing + 1, index);
    if (lineIndices.length === 0) continue;
    cues.push({
      lineIndices,
      rebuild: planCue(
        lineIndices.map((i) => contents[i]!),
        segments,
      ),
    });
  }
  if (cues.length === 0) {
    throw documentError(
      'INVALID_DOCUMENT',
      `No ${kind} cues were found (a cue needs a timing line like 00:00:01${kind === 'SubRip' ? ',' : '.'}000 --> 00:00:02${kind === 'SubRip' ? ',' : '.'}000 followed by its text).`,
    );
  }
  return {
    segments,
    rebuild(translations) {
      const out = [...lines];
      for (const cue of cues) {
        writeCue(out, cue, cue.rebuild(translations));
      }
      return out.join('');
    },
  };
}

/**
 * Puts a cue's translated lines in place of its original ones. The translation may wrap into fewer
 * lines: the left-over lines are removed, never left blank, since a blank line would end the cue.
 */
function writeCue(out: string[], cue: Cue, translated: readonly string[]): void {
  const kept = translated.filter((line) => line.trim() !== '');
  if (kept.length === 0) return;
  const lastEol = lineParts(out[cue.lineIndices.at(-1)!]!).eol;
  cue.lineIndices.forEach((lineIndex, i) => {
    if (i >= kept.length) out[lineIndex] = '';
    else out[lineIndex] = kept[i] + (i === kept.length - 1 ? lastEol : lineParts(out[lineIndex]!).eol);
  });
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

export const srtAdapter: DocumentAdapter = {
  format: 'srt',
  mimeType: 'application/x-subrip',
  textual: true,
  extract: ({ text }) => extractCues(text, 'SubRip'),
};

export const vttAdapter: DocumentAdapter = {
  format: 'vtt',
  mimeType: 'text/vtt',
  textual: true,
  extract({ text }) {
    if (!/^WEBVTT(?:[ \t]|\r|\n|$)/.test(text)) {
      throw documentError('INVALID_DOCUMENT', 'A WebVTT file must start with the line WEBVTT.');
    }
    return extractCues(text, 'WebVTT');
  },
};
