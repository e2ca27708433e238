#!/usr/bin/env node
// Removes from a production node_modules what this platform never loads, for a lean image or host:
// the GPU and other-platform builds of node-llama-cpp (CUDA, Vulkan, ARM on x64: ~660 MB),
// ONNX Runtime's binaries for other systems (~245 MB), onnxruntime-web (transformers.js's Node
// build carries what it uses of it: ~145 MB), the sources native modules were built from, and
// TypeScript (an optional peer of node-llama-cpp that npm installs with it: ~23 MB, never loaded by
// the compiled server).
// What stays is the CPU build for this system and architecture; run it where the image runs (in the
// Dockerfile, after `npm ci --omit=dev`).
//
//   node deploy/prune-modules.mjs <node_modules> [--dry-run]
//
// Prints what it removes (or would) and the megabytes; --dry-run changes nothing.
import fs from 'node:fs';
import path from 'node:path';

const [root, ...flags] = process.argv.slice(2);
if (!root || !fs.existsSync(root)) {
  console.error('usage: node deploy/prune-modules.mjs <node_modules> [--dry-run]');
  process.exit(2);
}
const dryRun = flags.includes('--dry-run');

/** node-llama-cpp names its prebuilt packages `<os>-<arch>` with `armv7l` for 32-bit ARM. */
const llamaArch = process.arch === 'arm' ? 'armv7l' : process.arch;
const llamaOs = process.platform === 'darwin' ? 'mac' : process.platform;
const keepLlama = `${llamaOs}-${llamaArch}`;

function sizeOf(target) {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of fs.readdirSync(target)) total += sizeOf(path.join(target, entry));
  return total;
}

const children = (folder) => (fs.existsSync(folder) ? fs.readdirSync(folder) : []);

/** Everything to remove, as [path, why]. */
function targets() {
  const found = [];
  const add = (relative, why) => {
    const target = path.join(root, relative);
    if (fs.existsSync(target)) found.push([target, why]);
  };
  for (const name of children(path.join(root, '@node-llama-cpp'))) {
    if (name !== keepLlama) add(`@node-llama-cpp/${name}`, `llama.cpp build for ${name}`);
  }
  // The llama.cpp sources, for building when no prebuilt binary fits (Sema never builds: build 'never').
  add('node-llama-cpp/llama/gitRelease.bundle', 'llama.cpp sources');
  for (const napi of children(path.join(root, 'onnxruntime-node/bin'))) {
    for (const os of children(path.join(root, 'onnxruntime-node/bin', napi))) {
      for (const arch of children(path.join(root, 'onnxruntime-node/bin', napi, os))) {
        if (os !== process.platform || arch !== process.arch)
          add(`onnxruntime-node/bin/${napi}/${os}/${arch}`, `ONNX Runtime for ${os}-${arch}`);
      }
    }
  }
  add('onnxruntime-web', "ONNX Runtime for browsers (bundled into transformers.js's Node build)");
  add('typescript', 'TypeScript (the server runs compiled: scripts/build-server.mjs)');
  // better-sqlite3 built from source when its prebuilt binary could not be fetched: keep the module.
  if (fs.existsSync(path.join(root, 'better-sqlite3/build/Release/better_sqlite3.node'))) {
    add('better-sqlite3/deps', 'SQLite sources');
    for (const leftover of ['obj', 'obj.target', 'sqlite3.a', 'test_extension.node', '.deps'])
      add(`better-sqlite3/build/Release/${leftover}`, 'build leftovers');
  }
  return found;
}

let removed = 0;
for (const [target, why] of targets()) {
  const bytes = sizeOf(target);
  removed += bytes;
  console.log(
    `${dryRun ? 'would remove' : 'removed'} ${path.relative(root, target)} (${why}, ${(bytes / 1e6).toFixed(1)} MB)`,
  );
  if (!dryRun) fs.rmSync(target, { recursive: true, force: true });
}
console.log(
  `${dryRun ? 'would free' : 'freed'} ${(removed / 1e6).toFixed(0)} MB (kept @node-llama-cpp/${keepLlama})`,
);
