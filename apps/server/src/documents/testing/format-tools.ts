import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The formats' own checkers, from Debian (`gettext`, `libxml2-utils`, `epubcheck`; .ci/run installs
 * them): a test checks what Sema writes with the tool a localisation engineer would run, and skips
 * that check where the tool is missing. Each check returns what the tool complained about, or ''.
 */
export function hasTool(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function run(
  command: string,
  args: (dir: string) => string[],
  name: string,
  content: string | Uint8Array,
): string {
  const dir = mkdtempSync(join(tmpdir(), 'sema-check-'));
  writeFileSync(join(dir, name), content);
  try {
    execFileSync(command, args(dir), { stdio: 'pipe' });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    return `${stdout?.toString() ?? ''}${stderr?.toString() ?? String(error)}`;
  }
}

/** `msgfmt --check` on a catalogue. */
export function msgfmtCheck(text: string): string {
  return run('msgfmt', (dir) => ['--check', '-o', join(dir, 'out.mo'), join(dir, 'out.po')], 'out.po', text);
}

/** `xmllint --noout`: well-formed XML, read in its declared encoding. */
export function xmllintCheck(xml: string | Uint8Array): string {
  return run('xmllint', (dir) => ['--noout', join(dir, 'out.xml')], 'out.xml', xml);
}

/**
 * Debian's epubcheck is a jar behind a binfmt wrapper that containers often lack, so it is run with
 * `java -jar`.
 */
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

export function hasEpubcheck(): boolean {
  return existsSync(EPUBCHECK_JAR) && hasTool('java');
}

/** epubcheck's fatal errors and errors on a book (warnings and usage notes are not counted). */
export function epubcheckErrors(book: Uint8Array): string {
  // A quick-starting JVM: epubcheck takes ~5 s of CPU, so its tests allow minutes on a loaded machine.
  const java = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', EPUBCHECK_JAR];
  const out = run('java', (dir) => [...java, '--quiet', join(dir, 'book.epub')], 'book.epub', book);
  return out
    .split('\n')
    .filter((line) => /^(?:FATAL|ERROR)/.test(line))
    .join('\n');
}
