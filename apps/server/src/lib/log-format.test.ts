import { describe, expect, it } from 'vitest';
import { formatLogLine } from './log-format.ts';

describe('formatLogLine', () => {
  const time = new Date(2026, 10, 25, 9, 5, 7).getTime();

  it('writes time, level, message and the other fields as key=value', () => {
    const line = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      msg: 'slow request',
      url: '/x y',
      ms: 2100,
    });
    expect(formatLogLine(line, false)).toBe('09:05:07 WARN  slow request  url="/x y" ms=2100\n');
  });

  it("puts an error's stack below its line, indented", () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(formatLogLine(line, false)).toBe('09:05:07 ERROR failed\n    Error: boom\n        at here\n');
  });

  it('colours the level on a terminal, and passes a line that is not JSON through', () => {
    expect(formatLogLine(JSON.stringify({ level: 30, time, msg: 'hi' }), true)).toContain(
      '\x1b[32mINFO \x1b[0m hi',
    );
    expect(formatLogLine('plain text', false)).toBe('plain text');
  });
});
