import { describe, expect, it } from 'vitest';
import { runStep } from './run-step.mjs';

describe('a step of npm start that takes long', () => {
  it('says what it is doing at start, and again while it goes on without a word', async () => {
    const lines: string[] = [];
    const code = await runStep(process.execPath, ['-e', 'setTimeout(() => {}, 1500)'], {
      what: 'installing dependencies',
      meanwhile: 'better-sqlite3 is compiled from source',
      everyMs: 300,
      say: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^> \S+ -e setTimeout\(\(\) => \{\}, 1500\) {3}\(installing dependencies\)$/);
    const still = lines.slice(1);
    expect(still.length).toBeGreaterThanOrEqual(2);
    for (const line of still) {
      expect(line).toMatch(
        /^… still installing dependencies \(\d+ s\): better-sqlite3 is compiled from source$/,
      );
    }
  });

  it('answers the exit code of a step that fails, and stops talking', async () => {
    const lines: string[] = [];
    const code = await runStep(process.execPath, ['-e', 'process.exit(3)'], {
      what: 'building the web app',
      everyMs: 50,
      say: (line) => lines.push(line),
    });
    expect(code).toBe(3);
    const count = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(lines.length).toBe(count);
  });
});
