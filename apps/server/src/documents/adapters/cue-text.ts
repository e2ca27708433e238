import { addSegment, fillSlot, splitEdges, type Slot } from '../segments.ts';
import { oneLine } from './txt.ts';

/**
 * The text of one subtitle cue (SRT or WebVTT). A cue's lines usually form one sentence, so they are
 * translated together and the translation is wrapped back into as many lines. Dialogue cues ("- Hi."
 * / "- Hello.") are two speakers and are translated line by line. Styling tags (<i>, <b>, <c.x>,
 * <v Name>, {\an8}) around the whole cue are kept around the translation; a cue with tags inside its
 * text is translated piece by piece between the tags, so no tag is lost or moved.
 */
export type CueRebuild = (translations: readonly string[]) => string[];

const TAG = /<[^>\n]*>|\{\\[^}\n]*\}/g;
const HAS_TAG = new RegExp(TAG.source);
const DIALOGUE = /^(\s*[-–—]\s*)(.*)$/;

export function planCue(lines: readonly string[], segments: string[]): CueRebuild {
  if (lines.length > 1 && lines.every((line) => DIALOGUE.test(line))) {
    const plans = lines.map((line) => {
      const [, dash, rest] = DIALOGUE.exec(line)!;
      return { dash: dash!, rebuild: planText([rest!], segments) };
    });
    return (translations) => plans.map((plan) => plan.dash + plan.rebuild(translations).join(' '));
  }
  return planText(lines, segments);
}

function planText(lines: readonly string[], segments: string[]): CueRebuild {
  const joined = lines.join('\n');
  const { before, inner, after } = splitOuterTags(joined);
  if (!HAS_TAG.test(inner)) {
    const { lead, core, trail } = splitEdges(inner);
    const slot = addSegment(segments, oneLine(core));
    if (!slot) return () => [...lines];
    return (translations) => {
      const text = fillSlot(slot, translations, oneLine);
      return (before + lead + wrapIntoLines(text, lines.length) + trail + after).split('\n');
    };
  }
  // Tags inside the text: translate each run of text between tags, line by line.
  const perLine = lines.map((line) => planPieces(line, segments));
  return (translations) => perLine.map((rebuild) => rebuild(translations));
}

function planPieces(line: string, segments: string[]): (translations: readonly string[]) => string {
  const parts: Array<string | Slot> = [];
  let cursor = 0;
  for (const match of line.matchAll(TAG)) {
    pushText(line.slice(cursor, match.index), parts, segments);
    parts.push(match[0]);
    cursor = match.index + match[0].length;
  }
  pushText(line.slice(cursor), parts, segments);
  return (translations) =>
    parts.map((part) => (typeof part === 'string' ? part : fillSlot(part, translations, oneLine))).join('');
}

function pushText(text: string, parts: Array<string | Slot>, segments: string[]): void {
  if (!text) return;
  parts.push(addSegment(segments, text) ?? text);
}

/** `<i>{\an8}Hello</i>` → before `<i>{\an8}`, inner `Hello`, after `</i>`. */
function splitOuterTags(text: string): { before: string; inner: string; after: string } {
  const before = /^(?:\s*(?:<[^>\n]*>|\{\\[^}\n]*\}))*/.exec(text)![0];
  const rest = text.slice(before.length);
  const after = /(?:(?:<[^>\n]*>|\{\\[^}\n]*\})\s*)*$/.exec(rest)![0];
  return { before, inner: rest.slice(0, rest.length - after.length), after };
}

/** Scripts written without spaces between words, where a line may break between characters. */
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Wraps one line of text into `count` lines of similar length, breaking between words, or between
 * characters for scripts written without spaces.
 */
export function wrapIntoLines(text: string, count: number): string {
  if (count <= 1 || !text) return text;
  const words = text.split(/ +/).filter(Boolean);
  const byCharacter = words.length === 1 && UNSPACED_SCRIPT.test(text);
  const units = byCharacter ? Array.from(graphemes.segment(text), (s) => s.segment) : words;
  const separator = byCharacter ? '' : ' ';
  const lineCount = Math.min(count, units.length);
  const total = units.reduce((sum, unit) => sum + unit.length, 0);
  const lines: string[][] = [[]];
  let written = 0;
  for (const unit of units) {
    const current = lines[lines.length - 1]!;
    // Start the next line once this one holds its share of the characters.
    const share = (total * lines.length) / lineCount;
    if (current.length > 0 && lines.length < lineCount && written + unit.length / 2 > share)
      lines.push([unit]);
    else current.push(unit);
    written += unit.length;
  }
  return lines.map((line) => line.join(separator)).join('\n');
}
