/**
 * `npm run data:quality -- EXTERNAL OPUS [--out FILE]`: builds the quality table the server and the
 * web app read (packages/shared/src/quality/flores200-chrf.json) from Helsinki-NLP's two public
 * leaderboards, given where they are on this machine:
 *
 * - EXTERNAL: a copy of github.com/Helsinki-NLP/External-MT-leaderboard; from it
 *   `scores/SRC-TGT/flores200-devtest/chrf++-scores.txt` (NLLB-200 and M2-100 releases).
 * - OPUS: a copy of github.com/Helsinki-NLP/OPUS-MT-leaderboard; from it
 *   `scores/SRC-TGT/top-chrf++-scores.txt` (the best OPUS-MT release per direction and test set).
 *
 * Either may be a full clone or a sparse copy holding only those files (the repositories are
 * several GB): every direction present in both or either is taken. The commits are read from git
 * when the copy is a clone, else from a `read-at.tsv` (repository, path, commit per line) beside
 * the two copies. The leaderboards give chrF++ as 0–1; the table holds it ×100, one decimal.
 * Only releases Sema can run (or could, with a conversion) are kept.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveLanguageCode } from '@sema/shared/languages/codes';

const TEST_SET = 'flores200-devtest';

/** The releases kept, by the name the leaderboards give them (last part of their path). */
const RELEASES = {
  'nllb-200-distilled-600M': {
    name: 'NLLB-200 distilled 600M',
    family: 'nllb',
    licence: 'CC-BY-NC-4.0',
    source: 'https://huggingface.co/facebook/nllb-200-distilled-600M',
  },
  'nllb-200-distilled-1.3B': {
    name: 'NLLB-200 distilled 1.3B',
    family: 'nllb',
    licence: 'CC-BY-NC-4.0',
    source: 'https://huggingface.co/facebook/nllb-200-distilled-1.3B',
  },
  'nllb-200-1.3B': {
    name: 'NLLB-200 1.3B',
    family: 'nllb',
    licence: 'CC-BY-NC-4.0',
    source: 'https://huggingface.co/facebook/nllb-200-1.3B',
  },
  'nllb-200-3.3B': {
    name: 'NLLB-200 3.3B',
    family: 'nllb',
    licence: 'CC-BY-NC-4.0',
    source: 'https://huggingface.co/facebook/nllb-200-3.3B',
  },
  m2m100_418M: {
    name: 'M2M-100 418M',
    family: 'm2m100',
    licence: 'MIT',
    source: 'https://huggingface.co/facebook/m2m100_418M',
  },
  'm2m100_1.2B': {
    name: 'M2M-100 1.2B',
    family: 'm2m100',
    licence: 'MIT',
    source: 'https://huggingface.co/facebook/m2m100_1.2B',
  },
  'opus-mt': {
    name: 'best published OPUS-MT release',
    family: 'marian',
    licence: 'CC-BY-4.0',
    source: 'https://github.com/Helsinki-NLP/Tatoeba-Challenge (release per direction in opusReleases)',
  },
} as const;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const here = dirname(fileURLToPath(import.meta.url));
const out =
  outAt >= 0
    ? resolve(args[outAt + 1] ?? fail('--out needs a file'))
    : join(here, '../../../packages/shared/src/quality/flores200-chrf.json');
const positional = outAt < 0 ? args : args.filter((_, i) => i !== outAt && i !== outAt + 1);
const [external, opus] = positional.map((path) => resolve(path));
if (!external || !opus || !existsSync(join(external, 'scores')) || !existsSync(join(opus, 'scores'))) {
  fail(
    'Usage: npm run data:quality -- EXTERNAL-MT-LEADERBOARD OPUS-MT-LEADERBOARD [--out FILE]\n' +
      '  (two copies of the Helsinki-NLP repositories, each with its scores/ folder)',
  );
}

/** `swh` → `swh_Latn`; the leaderboards use ISO 639-3 codes, with a script only where needed. */
function catalogueCode(code: string): string | undefined {
  return resolveLanguageCode(code.replace(/_(\w{4})$/, '_$1'))?.code;
}

const readLines = (file: string) =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => line.split('\t'))
    : [];

const directions: Record<string, Record<string, number>> = {};
const opusReleases: Record<string, string> = {};
const skipped = new Set<string>();
const put = (pair: string, release: string, score: string) => {
  const [source, target] = pair.split('-').map(catalogueCode);
  if (!source || !target) return void skipped.add(pair);
  const chrf = Math.round(Number(score) * 1000) / 10;
  if (!Number.isFinite(chrf)) fail(`${pair}: '${score}' is not a score`);
  (directions[`${source}>${target}`] ??= {})[release] = chrf;
  return `${source}>${target}`;
};

for (const pair of readdirSync(join(external, 'scores'))) {
  for (const [score = '', model = ''] of readLines(
    join(external, 'scores', pair, TEST_SET, 'chrf++-scores.txt'),
  )) {
    // Some lines name `huggingface/facebook/m2m100_1.2B`, older ones only `m2m100_1.2B`.
    const release = basename(model);
    if (release in RELEASES && release !== 'opus-mt') put(pair, release, score);
  }
}
for (const pair of readdirSync(join(opus, 'scores'))) {
  const line = readLines(join(opus, 'scores', pair, 'top-chrf++-scores.txt')).find(
    ([set]) => set === TEST_SET,
  );
  if (!line) continue;
  const [, score = '', url = ''] = line;
  const key = put(pair, 'opus-mt', score);
  if (key) opusReleases[key] = url.replace(/^https:\/\/object\.pouta\.csc\.fi\//, '').replace(/\.zip$/, '');
}

/** The commits each copy was read at: git's HEAD for a clone, else read-at.tsv beside the copies. */
function commitsOf(copy: string): string[] {
  if (existsSync(join(copy, '.git'))) {
    return [execFileSync('git', ['-C', copy, 'log', '-1', '--format=%H %cs'], { encoding: 'utf8' }).trim()];
  }
  const list = join(dirname(copy), 'read-at.tsv');
  const name = basename(copy);
  return [
    ...new Set(
      readLines(list)
        .filter(([repo]) => repo === name)
        .map(([, , commit = '']) => commit),
    ),
  ].sort();
}

const sorted = <T>(record: Record<string, T>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
const table = {
  metric: 'chrF++',
  testSet: TEST_SET,
  built: new Date().toISOString().slice(0, 10),
  sources: [
    {
      repository: 'https://github.com/Helsinki-NLP/External-MT-leaderboard',
      files: `scores/SRC-TGT/${TEST_SET}/chrf++-scores.txt`,
      commits: commitsOf(external),
      what: 'NLLB-200 and M2M-100 releases from Hugging Face, evaluated by Helsinki-NLP with their OPUS-MT pipeline',
    },
    {
      repository: 'https://github.com/Helsinki-NLP/OPUS-MT-leaderboard',
      files: 'scores/SRC-TGT/top-chrf++-scores.txt',
      commits: commitsOf(opus),
      what: 'the best OPUS-MT release per direction (its name in opusReleases)',
    },
  ],
  releases: RELEASES,
  directions: sorted(
    Object.fromEntries(Object.entries(directions).map(([key, figures]) => [key, sorted(figures)])),
  ),
  opusReleases: sorted(opusReleases),
};
writeFileSync(out, `${JSON.stringify(table, null, 2)}\n`);
process.stdout.write(
  `${Object.keys(directions).length} directions, ${Object.keys(opusReleases).length} with an OPUS-MT figure → ${out}` +
    (skipped.size > 0 ? `\nskipped (no catalogue language): ${[...skipped].join(', ')}` : '') +
    '\n',
);
