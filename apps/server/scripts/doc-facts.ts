/**
 * Statements in the docs that the code can contradict, checked against the code itself (by
 * `npm run docs:check`): every `SEMA_*` variable the README, docs/ and the READMEs beside the code
 * name is a setting the configuration schema reads (or one of the commands' own), and every
 * document format the server takes is named, by its extension, in the README or docs/formats.md and in docs/api.md's row of
 * the document route.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DOCUMENT_EXTENSIONS } from '@sema/shared/api/document-formats';
import { variablesOf } from '../src/config/read.ts';
import { ConfigSchema } from '../src/config/schema.ts';

/**
 * Variables of the operator's commands (`npm run keys`) and of the deploy recipes
 * (`deploy/compose.yaml`'s address to publish on), not of the server.
 */
const COMMAND_VARIABLES = new Set(['SEMA_URL', 'SEMA_PUBLISH']);

/** The READMEs beside the code (apps/server/src/chat/README.md and the like), found by walking. */
function codeReadmes(repoRoot: string): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, folder), { withFileTypes: true })) {
      const relative = path.posix.join(folder, entry.name);
      if (entry.isDirectory() && !['node_modules', 'dist', 'fixtures'].includes(entry.name)) walk(relative);
      else if (entry.name === 'README.md') found.push(relative);
    }
  };
  for (const folder of [
    'apps/server/src',
    'apps/web/src',
    'packages/shared/src',
    'scripts',
    'bench',
    'deploy',
  ])
    if (fs.existsSync(path.join(repoRoot, folder))) walk(folder);
  return found;
}

function pagesOf(repoRoot: string): { file: string; text: string }[] {
  const docs = fs
    .readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs, ...codeReadmes(repoRoot)].map((file) => ({
    file,
    text: fs.readFileSync(path.join(repoRoot, file), 'utf8'),
  }));
}

/** What the docs say that the code does not: one sentence per problem, empty when they agree. */
export function docFactProblems(repoRoot: string): string[] {
  const pages = pagesOf(repoRoot);
  const problems: string[] = [];
  const settings = variablesOf(ConfigSchema);
  for (const { file, text } of pages) {
    for (const name of new Set(text.match(/\bSEMA_[A-Z0-9_]+\b/g) ?? [])) {
      if (!settings.has(name) && !COMMAND_VARIABLES.has(name))
        problems.push(`${file} names ${name}, which no setting reads`);
    }
  }
  const formatPages = pages.filter(({ file }) => file === 'README.md' || file === 'docs/formats.md');
  const formatText = formatPages.map(({ text }) => text).join('\n');
  for (const [format, extensions] of Object.entries(DOCUMENT_EXTENSIONS)) {
    if (!extensions.some((extension) => new RegExp(`\\.${extension}\\b`, 'i').test(formatText)))
      problems.push(`the ${format} format (.${extensions[0]}) is in neither README.md nor docs/formats.md`);
  }
  // The API page's document route lists every format the route takes, by extension.
  const api = pages.find(({ file }) => file === 'docs/api.md')?.text ?? '';
  const documentRoute = api.split('\n').find((line) => line.includes('`/api/v1/translate/document`')) ?? '';
  for (const [format, extensions] of Object.entries(DOCUMENT_EXTENSIONS)) {
    if (!new RegExp(`\\.${extensions[0]}\\b`).test(documentRoute))
      problems.push(
        `docs/api.md: the /api/v1/translate/document row does not list .${extensions[0]} (${format})`,
      );
  }
  return problems;
}
