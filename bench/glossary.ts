/**
 * Glossary matching: finding the terms of a 10,000-entry glossary in a 5,000-character text, with
 * Sema's first-word index against one regular expression of all the terms (what it used before),
 * side by side in one run; and the whole split of the text into model pieces with the glossary.
 *
 *   npm run bench glossary     (or: node --import tsx bench/glossary.ts)
 */
import { compileGlossary, splitProtected } from '@sema/server/protected-text';

const TERMS = 10_000;
const RUNS = 30;

const entries = Object.fromEntries(
  Array.from({ length: TERMS }, (_, i) => [`term${i} word${i % 97}`, `neno${i}`]),
);
const text = 'The quick brown fox term42 word42 jumps over the lazy dog near the clinic. '
  .repeat(70)
  .slice(0, 5000);

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sorted = Object.keys(entries).sort((a, b) => b.length - a.length);
const oneExpression = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${sorted.map(escape).join('|')})(?![\\p{L}\\p{N}_])`,
  'giu',
);
const glossary = compileGlossary(entries)!;

function time(label: string, work: () => number, counted = 'terms found'): number {
  work(); // warm up
  const started = performance.now();
  let found = 0;
  for (let run = 0; run < RUNS; run++) found = work();
  const ms = (performance.now() - started) / RUNS;
  console.log(`${label.padEnd(34)} ${ms.toFixed(2).padStart(8)} ms per text   (${found} ${counted})`);
  return ms;
}

console.log(`${TERMS} terms, a ${text.length}-character text, mean of ${RUNS} runs`);
const regex = time('one expression of all terms', () => [...text.matchAll(oneExpression)].length);
const indexed = time('first-word index (Sema)', () => [...glossary.find(text)].length);
time('whole split into model pieces', () => splitProtected(text, 'eng_Latn', glossary).length, 'pieces');
console.log(`ratio: the index is ${(regex / indexed).toFixed(1)}× faster`);
