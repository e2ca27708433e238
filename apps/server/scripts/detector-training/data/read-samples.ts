/** Labelled texts from the committed test and dev files (`language<TAB>text` per line). */
import { readFileSync } from 'node:fs';
import type { Sample } from './evaluate.ts';

/** The samples of a TSV file in this folder, e.g. `everyday-test.tsv`. */
export function readSamples(name: string): Sample[] {
  return readFileSync(new URL(name, import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [language, text] = line.split('\t') as [string, string];
      return { language, text };
    });
}
