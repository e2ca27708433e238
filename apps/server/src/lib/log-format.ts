/**
 * Log lines for a person at a terminal: pino writes JSON (what log collectors read); on a terminal
 * each line is turned into `12:04:31 WARN  message  key=value …`, with an error's stack indented
 * below it. SEMA_LOG_FORMAT picks JSON or this whatever the output is.
 */

const LEVELS: Record<number, { name: string; colour: string }> = {
  10: { name: 'TRACE', colour: '90' },
  20: { name: 'DEBUG', colour: '90' },
  30: { name: 'INFO ', colour: '32' },
  40: { name: 'WARN ', colour: '33' },
  50: { name: 'ERROR', colour: '31' },
  60: { name: 'FATAL', colour: '41' },
};

/** pino's own fields, shown in their own places or not at all. */
const OWN_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'v']);

function value(field: unknown): string {
  if (typeof field === 'string') return /\s|"/.test(field) ? JSON.stringify(field) : field;
  return JSON.stringify(field);
}

/** One JSON log line as a readable line (the line itself when it is not pino's JSON). */
export function formatLogLine(line: string, colours: boolean): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const paint = (code: string, text: string) => (colours ? `\x1b[${code}m${text}\x1b[0m` : text);
  const level = LEVELS[Number(entry.level)] ?? { name: String(entry.level).padEnd(5), colour: '0' };
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const fields = Object.entries(entry)
    .filter(([key]) => !OWN_FIELDS.has(key))
    .map(([key, field]) => `${key}=${value(field)}`)
    .join(' ');
  let text = `${paint('90', time)} ${paint(level.colour, level.name)} ${String(entry.msg ?? '')}`;
  if (fields) text += `  ${paint('90', fields)}`;
  const error = entry.err as { message?: string; stack?: string } | undefined;
  if (error) {
    const stack = error.stack ?? error.message ?? '';
    text += `\n${stack
      .split('\n')
      .map((part) => `    ${part}`)
      .join('\n')}`;
  }
  return `${text}\n`;
}

/** A stream for pino that writes each line formatted to `out` (a terminal). */
export function prettyStream(out: NodeJS.WriteStream, colours = !process.env.NO_COLOR) {
  let pending = '';
  return {
    write(chunk: string): void {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\n')) >= 0) {
        out.write(formatLogLine(pending.slice(0, end), colours));
        pending = pending.slice(end + 1);
      }
    },
  };
}
