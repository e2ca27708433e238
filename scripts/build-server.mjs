#!/usr/bin/env node
// Compiles the server to plain JavaScript for production: apps/server/src → apps/server/dist and
// packages/shared/src → packages/shared/dist, file for file, so that production runs `node
// apps/server/dist/server.js` with no TypeScript loader (tsx, esbuild) at run time and a read-only
// filesystem works. Tests and `npm run dev`-style runs keep running the TypeScript sources.
//
// Why file for file and not one bundle: the server finds things relative to its own files
// (`import.meta.url`: the repository root, the detector's model, the model process's and the document
// worker's entry points), and dist/ mirrors src/ at the same depth, so those paths hold unchanged.
// The build is generic (every file under src/, no list to keep up to date): `.ts` becomes `.js`,
// `.mjs` stays `.mjs`, other files (the detector's model, READMEs) are copied; tests are left out.
// Import paths are rewritten as they go: a relative `./x.ts` becomes `./x.js`, and `@sema/shared/x`
// (a workspace package whose exports point at TypeScript) becomes a relative path to its compiled
// copy; a JSON module of ours is inlined. Everything else (npm packages, node: built-ins) stays as
// written.
//
//   node scripts/build-server.mjs             (npm run build:server; `npm start` runs it when needed)
//   node scripts/build-server.mjs --out DIR   (DIR/apps/server/dist …: a tree elsewhere, for tests)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFlag = process.argv.indexOf('--out');
/** Where the dist folders go: the repository itself unless --out says otherwise. */
const outRoot = outFlag > 0 ? path.resolve(process.argv[outFlag + 1] ?? '.') : root;

/** The shared contract (imported as `@sema/shared/…`), then the server. */
const SHARED = { src: 'packages/shared/src', out: 'packages/shared/dist' };
/** The compiled packages: where their sources are and where their JavaScript goes. */
const PACKAGES = [
  { name: '@sema/shared', ...SHARED },
  { name: '@sema/server', src: 'apps/server/src', out: 'apps/server/dist' },
];

const isTest = (file) => /\.test\.[cm]?[jt]s$/.test(file) || file.endsWith('.d.ts');

function filesUnder(folder) {
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isTest(file));
}

/** Where an import written in `importer` (a source file) points in the compiled tree. */
function rewrite(specifier, importer) {
  const shared = specifier.match(/^@sema\/shared\/(.+)$/);
  if (shared) {
    const sourcePackage = PACKAGES.find((pkg) => importer.startsWith(path.join(root, pkg.src) + path.sep));
    if (!sourcePackage) throw new Error(`${importer} is in no compiled package`);
    const outFile = path.join(
      root,
      sourcePackage.out,
      path.relative(path.join(root, sourcePackage.src), importer),
    );
    const target = path.join(root, SHARED.out, `${(shared[1] ?? '').replace(/\.ts$/, '')}.js`);
    const relative = path.relative(path.dirname(outFile), target).split(path.sep).join('/');
    return relative.startsWith('.') ? relative : `./${relative}`;
  }
  if (specifier.startsWith('.') && /\.(m|c)?ts$/.test(specifier)) {
    return specifier
      .replace(/\.ts$/, '.js')
      .replace(/\.mts$/, '.mjs')
      .replace(/\.cts$/, '.cjs');
  }
  return specifier;
}

/**
 * Every import stays an import (each file is its own entry point and nothing is bundled into it),
 * with its path rewritten for the compiled tree.
 */
/** @type {import('esbuild').Plugin} */
const keepImports = {
  name: 'keep-imports',
  setup(builder) {
    builder.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      // A JSON module of ours is inlined: an external import would lose its `with { type: 'json' }`,
      // without which Node refuses to load it.
      if (args.path.startsWith('.') && args.path.endsWith('.json')) return undefined;
      return { path: rewrite(args.path, args.importer), external: true };
    });
  },
};

async function compile(pkg) {
  const src = path.join(root, pkg.src);
  const out = path.join(outRoot, pkg.out);
  // A file deleted or renamed in src must not live on in dist.
  fs.rmSync(out, { recursive: true, force: true });
  const files = filesUnder(src);
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    outdir: out,
    outbase: src,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // The sources' own file names appear in stack traces as they are; no source maps to ship.
    sourcemap: false,
    logLevel: 'warning',
    plugins: [keepImports],
    tsconfig: path.join(root, 'tsconfig.base.json'),
  };
  const typescript = files.filter((file) => /\.ts$/.test(file));
  const modules = files.filter((file) => /\.mjs$/.test(file));
  if (typescript.length > 0) await build({ ...common, entryPoints: typescript });
  if (modules.length > 0) await build({ ...common, entryPoints: modules, outExtension: { '.js': '.mjs' } });
  let copied = 0;
  for (const file of files) {
    if (/\.(ts|mjs)$/.test(file)) continue;
    const target = path.join(out, path.relative(src, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
    copied += 1;
  }
  return { modules: typescript.length + modules.length, copied };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  for (const pkg of PACKAGES) {
    const { modules, copied } = await compile(pkg);
    console.log(`${pkg.name}: ${modules} modules compiled, ${copied} other files copied → ${pkg.out}`);
  }
  console.log(`server built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
