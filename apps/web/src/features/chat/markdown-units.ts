/**
 * Cuts a Markdown answer, while it streams in, into the pieces the translated answer is made of:
 * `translate` units (one sentence of prose, a table cell) and `literal` units that are kept as they
 * are (line breaks, list markers, heading hashes, table pipes, whole code blocks). A sentence is
 * handed out as soon as it is complete, so its translation can start before the answer has ended.
 */

export type Unit = { kind: 'literal'; text: string } | { kind: 'translate'; text: string };

const literal = (text: string): Unit[] => (text ? [{ kind: 'literal', text }] : []);

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

function sentences(text: string): string[] {
  return Array.from(sentenceSegmenter.segment(text), (segment) => segment.segment);
}

/** A sentence becomes a translate unit, its trailing space a literal; no letters, nothing to translate. */
function sentenceUnits(sentence: string): Unit[] {
  const core = sentence.trimEnd();
  if (!/\p{L}/u.test(core)) return literal(sentence);
  const lead = sentence.length - sentence.trimStart().length;
  return [
    ...literal(sentence.slice(0, lead)),
    { kind: 'translate', text: core.slice(lead) },
    ...literal(sentence.slice(core.length)),
  ];
}

/** List markers, task boxes, heading hashes and quote marks at the start of a line. */
const PREFIX = /^(?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?|[ \t]*#{1,6}[ \t]+|[ \t]*>[ \t]?)*/;

function linePrefix(line: string): string {
  return PREFIX.exec(line)?.[0] ?? '';
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const RULE = /^[ \t]{0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
const TABLE_SEPARATOR = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

function tableRowUnits(line: string): Unit[] {
  return line.split(/(?<!\\)(\|)/).flatMap((part) => (part === '|' ? literal(part) : sentenceUnits(part)));
}

export class MarkdownUnitCutter {
  /** The current line's text not handed out yet. */
  private pending = '';
  /** Inside a fenced code block: its fence (``` or ~~~), which closes it. */
  private fence: string | undefined;
  /** Part of the current line was already handed out, so its prefix is behind us. */
  private lineStarted = false;

  /** Adds streamed text; returns the units that became complete. */
  push(text: string): Unit[] {
    this.pending += text;
    const units: Unit[] = [];
    for (let newline = this.pending.indexOf('\n'); newline >= 0; newline = this.pending.indexOf('\n')) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      units.push(...this.wholeLine(line), ...literal('\n'));
      this.lineStarted = false;
    }
    units.push(...this.completeSentences());
    return units;
  }

  /** The answer is over: whatever is left is complete. */
  end(): Unit[] {
    const rest = this.pending;
    this.pending = '';
    const units = rest ? this.wholeLine(rest) : [];
    this.lineStarted = false;
    return units;
  }

  private wholeLine(line: string): Unit[] {
    if (this.fence !== undefined) {
      if (line.trim().startsWith(this.fence) && line.trim().replace(/[`~]/g, '') === '')
        this.fence = undefined;
      return literal(line);
    }
    if (this.lineStarted) return sentences(line).flatMap(sentenceUnits);
    const fence = FENCE.exec(line);
    if (fence) {
      this.fence = fence[1];
      return literal(line);
    }
    if (!line.trim() || RULE.test(line) || (line.includes('-') && TABLE_SEPARATOR.test(line)))
      return literal(line);
    if (line.trimStart().startsWith('|')) return tableRowUnits(line);
    const prefix = linePrefix(line);
    return [...literal(prefix), ...sentences(line.slice(prefix.length)).flatMap(sentenceUnits)];
  }

  /** Hands out the finished sentences of the unfinished line, keeping the last one (it may go on). */
  private completeSentences(): Unit[] {
    if (this.fence !== undefined || !this.pending) return [];
    let prefix = '';
    if (!this.lineStarted) {
      // A fence, a table row or a rule is only known once its line is complete.
      if (/^[ \t]*[`~|]/.test(this.pending)) return [];
      prefix = linePrefix(this.pending);
    }
    const parts = sentences(this.pending.slice(prefix.length));
    if (parts.length < 2) return [];
    this.lineStarted = true;
    this.pending = parts.at(-1)!;
    return [...literal(prefix), ...parts.slice(0, -1).flatMap(sentenceUnits)];
  }
}

/**
 * What goes to the translation model: the prose of a unit without inline Markdown, which a
 * translation model would garble (`**bold**` → bold, `[text](url)` → text, `` `code` `` → code).
 */
export function plainInline(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?!\s)([^*]+?)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w_])_(?!\s)([^_]+?)_(?!\w)/g, '$1$2');
}
