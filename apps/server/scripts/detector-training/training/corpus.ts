/**
 * Training text per catalogue language: the UDHR (shared reference data, one paragraph per line),
 * split into train/dev/test by {@link splitOf}.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATALOGUE, toModelCode } from '@sema/shared/languages/catalogue';
import type { Split } from '../data/udhr-split.ts';
import { splitOf } from '../data/udhr-split.ts';

export interface LabelledText {
  /** Catalogue code. */
  language: string;
  text: string;
}

/** Every UDHR line of the catalogue languages that have a translation, with its split. */
export function readUdhr(directory: string): (LabelledText & { split: Split })[] {
  const result: (LabelledText & { split: Split })[] = [];
  for (const language of CATALOGUE) {
    const file = path.join(directory, `${toModelCode(language.code)}.txt`);
    if (!fs.existsSync(file)) continue;
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    lines.forEach((text, index) =>
      result.push({ language: language.code, text, split: splitOf(index, lines.length) }),
    );
  }
  return result;
}

/** The texts of some splits, grouped by language. */
export function groupByLanguage(texts: readonly LabelledText[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { language, text } of texts) {
    const group = groups.get(language) ?? [];
    group.push(text);
    groups.set(language, group);
  }
  return groups;
}
