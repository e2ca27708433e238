/**
 * Writes docs/configuration.md and .env.example from the configuration schema, and
 * docs/language-codes.md from the shared code table; with `--check`, only
 * compares and exits 1 when a committed copy is out of date or the docs name a setting or leave
 * out a format the code does not agree with (doc-facts.ts; CI runs that).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configurationMarkdown, envExample } from '../src/config/docs.ts';
import { languageCodesMarkdown } from '../src/config/language-codes-doc.ts';
import { docFactProblems } from './doc-facts.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outputs = [
  { file: 'docs/configuration.md', text: configurationMarkdown() },
  { file: '.env.example', text: envExample() },
  { file: 'docs/language-codes.md', text: languageCodesMarkdown() },
];
const check = process.argv.includes('--check');
let stale = 0;
for (const { file, text } of outputs) {
  const target = path.join(repoRoot, file);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current === text) continue;
  if (check) {
    console.error(`${file} is out of date: run npm run docs:config`);
    stale += 1;
  } else {
    fs.writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
}
if (check) {
  for (const problem of docFactProblems(repoRoot)) {
    console.error(problem);
    stale += 1;
  }
}
process.exit(stale > 0 ? 1 : 0);
