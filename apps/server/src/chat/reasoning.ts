/**
 * Separates a model's reasoning from its answer, whatever form the reasoning takes in the text:
 * `<think>…</think>` blocks, or a lone `</think>` when the chat template already put the opening tag
 * into the prompt (DeepSeek-R1 distills, QwQ). Reasoning that arrives in its own field
 * (`reasoning_content`) never passes through here.
 */

const OPEN = '<think>';
const CLOSE = '</think>';

export interface ReasoningPiece {
  type: 'reasoning' | 'content';
  text: string;
}

/**
 * Models whose template opens the think block in the prompt, so their output starts inside it.
 * A stream has to decide before it sees the closing tag, hence a rule on the model's name.
 */
export function opensThinkInPrompt(model: string): boolean {
  return /deepseek-r1|r1-distill|qwq/i.test(model);
}

/** Length of the longest suffix of `text` that is a proper prefix of one of `tags`. */
function partialTagLength(text: string, tags: readonly string[]): number {
  let longest = 0;
  for (const tag of tags) {
    for (let length = Math.min(tag.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(tag.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * Streaming splitter: feed text as it arrives, get reasoning and content pieces back in order.
 * Text that might be the start of a tag is held back until the next push (or `end()`).
 */
export class ReasoningSplitter {
  private state: 'start' | 'reasoning' | 'content' = 'start';
  private pending = '';
  /** Whitespace right after a tag is layout, not text: drop it. */
  private trimNext = true;

  /** @param insideThink the output starts inside a think block whose opening tag was in the prompt */
  constructor(private insideThink = false) {}

  /** Reasoning came in a separate field, so the text is the plain answer (unless it has tags). */
  reasoningIsSeparate(): void {
    this.insideThink = false;
  }

  push(text: string): ReasoningPiece[] {
    this.pending += text;
    const pieces: ReasoningPiece[] = [];
    for (;;) {
      if (this.state === 'start') {
        const head = this.pending.trimStart();
        if (head.startsWith(OPEN)) {
          this.pending = head.slice(OPEN.length);
          this.enter('reasoning');
          continue;
        }
        if (OPEN.startsWith(head)) return pieces; // still could be `<think>`
        this.enter(this.insideThink ? 'reasoning' : 'content');
        continue;
      }
      const tags = this.state === 'reasoning' ? [CLOSE] : [OPEN, CLOSE];
      const found = this.firstTag(tags);
      if (found) {
        this.emit(pieces, this.pending.slice(0, found.index));
        this.pending = this.pending.slice(found.index + found.tag.length);
        // A lone `</think>` in the answer cannot take back text already streamed as content: it is
        // only dropped, with the whitespace around it kept so the text still reads.
        if (found.tag === OPEN) this.enter('reasoning');
        else if (this.state === 'reasoning') this.enter('content');
        continue;
      }
      const hold = partialTagLength(this.pending, tags);
      this.emit(pieces, this.pending.slice(0, this.pending.length - hold));
      this.pending = this.pending.slice(this.pending.length - hold);
      return pieces;
    }
  }

  /** Flushes what was held back. */
  end(): ReasoningPiece[] {
    if (this.state === 'start') this.enter(this.insideThink ? 'reasoning' : 'content');
    const pieces: ReasoningPiece[] = [];
    this.emit(pieces, this.pending);
    this.pending = '';
    return pieces;
  }

  private enter(state: 'reasoning' | 'content'): void {
    this.state = state;
    this.trimNext = true;
  }

  private firstTag(tags: readonly string[]): { index: number; tag: string } | undefined {
    let best: { index: number; tag: string } | undefined;
    for (const tag of tags) {
      const index = this.pending.indexOf(tag);
      if (index >= 0 && (!best || index < best.index)) best = { index, tag };
    }
    return best;
  }

  private emit(pieces: ReasoningPiece[], raw: string): void {
    const text = this.trimNext ? raw.trimStart() : raw;
    if (!text) return;
    this.trimNext = false;
    const type = this.state === 'reasoning' ? 'reasoning' : 'content';
    const last = pieces.at(-1);
    if (last?.type === type) last.text += text;
    else pieces.push({ type, text });
  }
}

/**
 * Splits a whole answer. Knowing the whole text, a lone `</think>` (no opening tag before it) means
 * everything before it was reasoning, whatever the model's name.
 */
export function splitReasoning(text: string): { reasoning: string; content: string } {
  const close = text.indexOf(CLOSE);
  const open = text.indexOf(OPEN);
  const insideThink = close >= 0 && (open < 0 || open > close);
  const splitter = new ReasoningSplitter(insideThink);
  const parts = { reasoning: '', content: '' };
  for (const piece of [...splitter.push(text), ...splitter.end()]) parts[piece.type] += piece.text;
  return { reasoning: parts.reasoning.trim(), content: parts.content.trim() };
}

/** An earlier answer as it goes back upstream: the answer only, never the reasoning. */
export function stripReasoning(text: string): string {
  return splitReasoning(text).content;
}
