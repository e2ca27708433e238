/**
 * Translates an answer while it streams: each unit from `MarkdownUnitCutter` is sent to the
 * translation API as soon as it is complete (a few at a time), and the translated answer grows in
 * order — sentence n shows only once sentences 1…n−1 are there, whatever order the replies come in.
 */
import { MarkdownUnitCutter, plainInline, type Unit } from './markdown-units.ts';

export type TranslatePiece = (text: string) => Promise<string>;

interface Part {
  /** Final text of this part; undefined while its translation is on its way. */
  text?: string;
  done: Promise<void>;
  /** A unit sent for translation (not literal text kept as it is). */
  translated: boolean;
}

/**
 * Told when each translated unit is complete in English (cut) and when its translation is shown,
 * in order: what the server measures as a unit's delay.
 */
export interface UnitObserver {
  cut(unit: number): void;
  shown(unit: number): void;
}

/** Translation requests in flight at once: enough to keep up, few enough to leave the chat stream room. */
const CONCURRENCY = 3;

export class StreamingTranslator {
  private readonly cutter = new MarkdownUnitCutter();
  private readonly parts: Part[] = [];
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private shown = '';
  private shownParts = 0;
  private units = 0;
  private readonly unitOf = new Map<Part, number>();
  private failure: { error: unknown } | undefined;

  /**
   * @param translate translates one piece of plain text
   * @param onUpdate receives the translated answer so far, each time it grows
   * @param observer told when each unit is cut and when its translation is shown
   */
  constructor(
    private readonly translate: TranslatePiece,
    private readonly onUpdate: (translated: string) => void,
    private readonly observer?: UnitObserver,
  ) {}

  /** English text as it arrives. */
  push(text: string): void {
    this.add(this.cutter.push(text));
  }

  /** The English answer is complete (or was stopped): translate the rest, and return the whole translation. */
  async finish(): Promise<string> {
    this.add(this.cutter.end());
    await Promise.all(this.parts.map((part) => part.done));
    if (this.failure) throw this.failure.error;
    return this.parts.map((part) => part.text ?? '').join('');
  }

  private add(units: Unit[]): void {
    for (const unit of units) {
      if (unit.kind === 'literal') {
        this.parts.push({ text: unit.text, done: Promise.resolve(), translated: false });
        continue;
      }
      const part: Part = { done: Promise.resolve(), translated: true };
      const index = this.units++;
      this.unitOf.set(part, index);
      this.observer?.cut(index);
      part.done = this.limited(() => this.translate(plainInline(unit.text))).then(
        (translated) => {
          part.text = translated;
          this.show();
        },
        (error: unknown) => {
          this.failure ??= { error };
        },
      );
      this.parts.push(part);
    }
    this.show();
  }

  private show(): void {
    if (this.failure) return;
    let text = '';
    let count = 0;
    for (const part of this.parts) {
      if (part.text === undefined) break;
      text += part.text;
      count++;
    }
    for (const part of this.parts.slice(this.shownParts, count)) {
      const unit = this.unitOf.get(part);
      if (unit !== undefined) this.observer?.shown(unit);
    }
    this.shownParts = count;
    if (text === this.shown) return;
    this.shown = text;
    this.onUpdate(text);
  }

  private async limited<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      // After a failure the answer is shown in English: the remaining pieces are not worth sending.
      if (this.failure) throw this.failure.error;
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
