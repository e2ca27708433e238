/**
 * Cuts a Markdown answer, while it streams in, into the pieces the translated answer is made of:
 * `translate` units (one sentence of prose, a table cell) and `literal` units that are kept as they
 * are (line breaks, list markers, heading hashes, table pipes, whole code blocks). A sentence is
 * handed out as soon as it is complete, so its translation can start before the answer has ended.
 */

export type Unit = { kind: 'literal'; text: string } | { kind: 'translate'; text: string };

const literal = (text: string): Unit[] => (text ? [{ kind: 'literal', text }] : []);

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/**
 * The sentences of `text`, as the segmenter finds them but never cut inside a code span, link, image
 * or URL (`?q=1`, `![`, `[a. b](…)`), and with emphasis closed after a full stop (`*Done.*`,
 * `**Ready?**`) kept with its sentence.
 */
function sentences(text: string): string[] {
  const kept = Array.from(text.matchAll(KEPT_INLINE), (match) => [
    match.index,
    match.index + match[0].length,
  ]);
  const merged: string[] = [];
  let offset = 0;
  for (const { segment } of sentenceSegmenter.segment(text)) {
    const start = offset;
    offset += segment.length;
    if (merged.length === 0) {
      merged.push(segment);
      continue;
    }
    if (kept.some(([from, to]) => start > from! && start < to!)) {
      merged[merged.length - 1] += segment;
      continue;
    }
    // Markers right after the full stop, with no space between, close the sentence's emphasis (a
    // new sentence in emphasis would follow a space).
    const closing = /^[*_]+[.!?]*\s*/.exec(segment);
    if (closing && !/\s$/.test(merged.at(-1)!)) {
      merged[merged.length - 1] += closing[0];
      if (closing[0].length < segment.length) merged.push(segment.slice(closing[0].length));
      continue;
    }
    merged.push(segment);
  }
  return merged;
}

/** A sentence becomes translate units, its trailing space a literal; no letters, nothing to translate. */
function sentenceUnits(sentence: string): Unit[] {
  const core = sentence.trimEnd();
  if (!/\p{L}/u.test(core)) return literal(sentence);
  const lead = sentence.length - sentence.trimStart().length;
  return [
    ...literal(sentence.slice(0, lead)),
    ...inlineUnits(core.slice(lead)),
    ...literal(sentence.slice(core.length)),
  ];
}

/**
 * Inline pieces kept as they are: code spans (commands, names), images, bare URLs; and links, whose
 * text alone is translated (their target stays). Found in this order of precedence.
 */
const KEPT_INLINE =
  /(?<code>``[^\n]+?``|`[^`\n]+`)|(?<image>!\[[^\]\n]*\]\([^)\n]*\))|(?<open>\[)(?<linkText>[^\]\n]+)(?<target>\]\([^)\n]*\))|(?<url>(?:https?:\/\/|www\.)[^\s<>()]*[^\s<>().,;:!?'"])/g;

/** A sentence wholly in emphasis ("**Do not drink it.**"): the markers, then what is inside. */
const WHOLE_EMPHASIS = /^(\*\*|__|\*|_)(?=\S)([\s\S]*?\S)\1([.!?:;,]*)$/;
/** A bold label opening a sentence ("**Tip:** …", "**Step 1**: …"), as answers often start list items. */
const BOLD_LABEL = /^(\*\*|__)(?=\S)(.+?\S)\1(?=[\s:]|$)/;

/**
 * The units of one sentence: its prose to translate, and the inline Markdown that must survive the
 * translation model (which garbles or drops markers, and would "translate" code and URLs). The
 * prose between kept pieces is translated piece by piece; emphasis in the middle of a sentence is
 * left to `plainInline`, since cutting the sentence there would cost more fluency than it saves.
 */
function inlineUnits(text: string): Unit[] {
  const whole = WHOLE_EMPHASIS.exec(text);
  if (whole && !whole[2]!.includes(whole[1]!)) {
    return [...literal(whole[1]!), ...inlineUnits(whole[2]!), ...literal(whole[1]! + whole[3]!)];
  }
  const label = BOLD_LABEL.exec(text);
  if (label && label[0].length < text.length) {
    return [
      ...literal(label[1]!),
      ...inlineUnits(label[2]!),
      ...literal(label[1]!),
      ...inlineUnits(text.slice(label[0].length)),
    ];
  }
  const units: Unit[] = [];
  let last = 0;
  for (const match of text.matchAll(KEPT_INLINE)) {
    units.push(...proseUnits(text.slice(last, match.index)));
    const { open, linkText, target } = match.groups!;
    if (linkText !== undefined) units.push(...literal(open!), ...proseUnits(linkText), ...literal(target!));
    else units.push(...literal(match[0]));
    last = match.index + match[0].length;
  }
  units.push(...proseUnits(text.slice(last)));
  return units;
}

/** A stretch of prose: translated without the spaces and joining punctuation at its edges. */
function proseUnits(text: string): Unit[] {
  const [, before = '', core = '', after = ''] = /^([\s:;,.\u2013\u2014-]*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  if (!/\p{L}/u.test(core)) return literal(text);
  return [...literal(before), { kind: 'translate', text: core }, ...literal(after)];
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
    // A code span, link or image still arriving may yet join the sentences after it.
    if (unfinishedInline(parts.slice(0, -1).join(''))) return [];
    this.lineStarted = true;
    this.pending = parts.at(-1)!;
    return [...literal(prefix), ...parts.slice(0, -1).flatMap(sentenceUnits)];
  }
}

/** An odd backtick, a `[` not closed yet, or a link target not closed yet. */
function unfinishedInline(text: string): boolean {
  const count = (character: string) => text.split(character).length - 1;
  return count('`') % 2 === 1 || count('[') > count(']') || /\]\([^)]*$/.test(text);
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
