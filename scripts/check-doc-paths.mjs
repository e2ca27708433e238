#!/usr/bin/env node
// Fails when README.md, a page of docs/ or a README beside the code (apps/server/src/chat/README.md
// and the like) names a repository path that does not exist, or a name of the code (`translateAll`,
// `StoreFile.handle()`, `entry_count`) that no tracked file mentions: the documentation cannot keep
// pointing at files, functions and fields a refactor moved, renamed or deleted (`npm run verify`).
// bench/results/HISTORY.md is a record of the past and names what was, so it is not read.
//
// What counts as a path: a Markdown link's target (resolved from the page's folder), and a
// `code span` that looks like a file or folder of ours: it has a slash or a source-file extension,
// and no spaces, placeholders or URL parts. Design notes abbreviate paths inside a workspace
// (`lib/http/sse.ts` for `apps/server/src/lib/http/sse.ts`), so a span may resolve against the
// repository root, the page's folder or one of the workspaces' source roots; a bare file name must
// be the name of some tracked file.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where an abbreviated path may start, besides the repository root and the page's own folder. */
const SOURCE_ROOTS = [
  'apps/server/src',
  'apps/server',
  'apps/web/src',
  'apps/web',
  'packages/shared/src',
  'packages',
  'scripts',
];

const EXTENSIONS =
  /\.(ts|tsx|mts|mjs|cjs|js|json|md|yaml|yml|cfg|py|sh|css|html|pbtxt|gguf|onnx|service|conf|toml)$/;

/** Model hub organisations: `Xenova/nllb-200-distilled-600M` is a model id, not a path. */
const HUB_ORGANISATIONS = new Set([
  'Xenova',
  'facebook',
  'deepseek-ai',
  'Qwen',
  'meta-llama',
  'Helsinki-NLP',
  'onnx-community',
  'HuggingFaceTB',
  'openai',
  'google',
  'alirezamsh',
]);

/**
 * What is built or generated, so absent from a fresh clone, but rightly named (and the settings
 * file the operator writes for the Compose recipe).
 */
const GENERATED = new Set([
  'apps/web/dist',
  'apps/server/dist',
  'packages/shared/dist',
  'docs/screenshots',
  'deploy/.env',
]);

/**
 * Paths that are not the repository's: entries inside a document package (a docx's
 * `word/document.xml`) and the team's shared folder beside the checkout (`shared/data/udhr`).
 */
const ELSEWHERE = /^(word|ppt|xl|META-INF|OEBPS|shared)\//;

/** Spans that look like paths but name something else: URLs, routes, globs, patterns, examples. */
function isPathLike(span) {
  if (!/^[\w@.~-][\w@.\-/[\]]*$/.test(span)) return false; // spaces, `<x>`, `{x}`, `*`, `:` …
  if (span.includes('//') || span.startsWith('~') || span.startsWith('@')) return false; // npm scopes
  if (/^\d/.test(span)) return false; // versions, figures, dates
  if (/^(text|application|image|multipart|audio|video|font)\//.test(span)) return false; // MIME types
  if (HUB_ORGANISATIONS.has(span.split('/')[0])) return false;
  if (ELSEWHERE.test(span)) return false;
  return span.includes('/') || EXTENSIONS.test(span);
}

/**
 * Names other software gives, which Sema's own files need not mention: Apple's stringsdict key,
 * Workbox's service-worker generator, an example of a file suffix, Triton's configuration fields.
 */
const EXTERNAL_NAMES = new Set([
  'ValueTypeKey',
  'generateSW',
  'FRA_LATN',
  'int8_float16',
  'allow_ragged_batch',
  'max_queue_delay_microseconds',
  'max_decoding_length_multiple',
  'instance_group',
  'KIND_GPU',
  'KIND_CPU',
]);

/**
 * The names of code a span holds (`translateAll`, `app.documents.find`, `entry_count`), or none when
 * it does not look like code: only names with an inner capital or an underscore count, since a
 * plain word (`auto`, `open`) is as likely prose or a value.
 */
function codeNames(span) {
  const match = /^([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?$/.exec(span);
  if (!match) return [];
  return (match[1] ?? '')
    .split('.')
    .filter((name) => /[a-z][A-Z]|_|^[A-Z][a-z]+[A-Z]/.test(name) && !/^SEMA_/.test(name));
}

/** The text of every tracked file that is not documentation, to look names up in. */
function sourceText(files) {
  return files
    .filter((file) => !file.endsWith('.md') && fs.existsSync(path.join(root, file)))
    .filter((file) => fs.statSync(path.join(root, file)).size < 2_000_000)
    .map((file) => fs.readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
}

function tracked() {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = out.split('\n').filter(Boolean);
  const all = new Set(files);
  for (const file of files) {
    // Every folder on the way counts as a path too.
    for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) all.add(dir);
  }
  return { files, all, names: new Set(files.map((file) => path.posix.basename(file))) };
}

/** A path under a generated folder (`apps/server/dist/server.js`) is as present as its folder. */
function generated(clean) {
  for (let dir = clean; dir !== '.'; dir = path.posix.dirname(dir)) if (GENERATED.has(dir)) return true;
  return false;
}

// Only what git tracks or would track counts: a build output on this machine but not on a clean
// clone (CI's) must not make the check pass here and fail there.
function exists(candidate, repo) {
  const clean = candidate.replace(/\/$/, '');
  return repo.all.has(clean) || generated(clean);
}

function resolves(span, page, repo) {
  const pageDir = path.posix.dirname(page);
  const bases = ['', pageDir === '.' ? '' : pageDir, ...SOURCE_ROOTS];
  if (bases.some((base) => exists(path.posix.normalize(path.posix.join(base, span)), repo))) return true;
  // A bare file name (`nllb.ts`) names some tracked file; an abbreviated path
  // (`deepl/documents.ts` for `apps/server/src/routes/compat/deepl/documents.ts`) ends one.
  if (!span.includes('/')) return repo.names.has(span);
  const tail = `/${span.replace(/\/$/, '')}`;
  for (const known of repo.all) if (known.endsWith(tail)) return true;
  return false;
}

function check(page, repo, source) {
  const text = fs.readFileSync(path.join(root, page), 'utf8').replace(/```[\s\S]*?```/g, '');
  const problems = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1] ?? '';
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    const file = target.split('#')[0] ?? '';
    const joined = path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
    if (!exists(joined, repo)) problems.push(`link to ${target} (${joined}), which does not exist`);
  }
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    const span = match[1] ?? '';
    if (isPathLike(span) && !resolves(span, page, repo)) problems.push(`\`${span}\`, which does not exist`);
    for (const name of codeNames(span)) {
      if (!EXTERNAL_NAMES.has(name) && !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(source))
        problems.push(`\`${name}\` (in \`${span}\`), which no tracked source file mentions`);
    }
  }
  return problems;
}

const repo = tracked();
const source = sourceText(repo.files);
const pages = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
  // The READMEs beside the code (not fixtures' licence notes, which name what they were made from).
  ...repo.files.filter(
    (file) =>
      path.posix.basename(file) === 'README.md' && file !== 'README.md' && !file.includes('/fixtures/'),
  ),
];
let failures = 0;
for (const page of pages) {
  for (const problem of check(page, repo, source)) {
    console.error(`${page}: names ${problem}`);
    failures += 1;
  }
}
if (failures > 0) {
  console.error(
    `\n${failures} path(s) or name(s) in the documentation do not exist: fix the text or the code.`,
  );
  process.exit(1);
}
console.log(`Documentation: every path and code name in ${pages.length} pages exists.`);
