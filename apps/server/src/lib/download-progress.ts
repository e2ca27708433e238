/**
 * Keeps track of a model download: overall progress for /status, and a progress bar in the
 * terminal (one line redrawn in place on a TTY; a line per 10% step in logs otherwise). The one
 * format for every download the server makes: the translation model's files (`nllb` engine) and
 * the local chat model (`chat/local-provider.ts`):
 *
 *   Downloading <model> <file> [=========               ]  38% 212.4/560.1 MB   (on a TTY)
 *   Downloading <model> <file>:  30% 168.0/560.1 MB                          (otherwise)
 */

export interface ProgressOutput {
  isTTY?: boolean;
  write(chunk: string): unknown;
}

interface FileProgress {
  loaded: number;
  total: number;
  /** Last 10% step written when not on a TTY. */
  step: number;
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

export class DownloadProgress {
  private readonly files = new Map<string, FileProgress>();
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly model: string,
    private readonly output: ProgressOutput | null,
  ) {}

  update(file: string, loaded: number, total: number): void {
    const entry = this.files.get(file) ?? { loaded: 0, total: 0, step: -1 };
    entry.loaded = loaded;
    entry.total = Math.max(total, loaded);
    this.files.set(file, entry);
    this.draw(file, entry);
  }

  /** 0..1 over every file seen so far, or undefined before the first byte. */
  fraction(): number | undefined {
    let loaded = 0;
    let total = 0;
    for (const entry of this.files.values()) {
      loaded += entry.loaded;
      total += entry.total;
    }
    return total > 0 ? Math.min(1, loaded / total) : undefined;
  }

  /** Ends the bar's line so later log lines start on a fresh one. */
  finish(): void {
    if (this.drawn && this.output?.isTTY) this.output.write('\n');
    this.drawn = false;
  }

  private draw(file: string, entry: FileProgress): void {
    if (!this.output) return;
    const fraction = entry.total > 0 ? entry.loaded / entry.total : 0;
    const done = entry.total > 0 && entry.loaded >= entry.total;
    if (this.output.isTTY) {
      const now = Date.now();
      if (!done && now - this.lastDraw < REDRAW_MS) return;
      this.lastDraw = now;
      const filled = Math.round(fraction * BAR_WIDTH);
      const bar = `${'='.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}`;
      this.output.write(
        `\r\x1b[KDownloading ${this.model} ${file} [${bar}] ${percent(fraction)} ${sizes(entry)}`,
      );
      this.drawn = true;
      return;
    }
    const step = Math.floor(fraction * 10);
    if (step === entry.step) return;
    entry.step = step;
    this.output.write(`Downloading ${this.model} ${file}: ${percent(fraction)} ${sizes(entry)}\n`);
  }
}

function percent(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`.padStart(4);
}

function sizes({ loaded, total }: FileProgress): string {
  // Small files (configs, tokenizer) read better in kB.
  const [unit, scale] = Math.max(total, loaded) < 1e6 ? ['kB', 1e3] : ['MB', 1e6];
  const show = (bytes: number) => (bytes / scale).toFixed(1);
  return `${show(loaded)}/${total > 0 ? show(total) : '?'} ${unit}`;
}
