// Entry point of the model process (and of the child that writes a prepacked copy,
// engine-files/prepacked-writer-process.ts). transformers.js (and ONNX Runtime with it) is loaded first, by
// Node itself: through tsx's loader its large bundle would cost the process about 100 MB more memory
// for as long as it lives. From the TypeScript sources (tests, tsx), tsx's loader is registered here:
// a child process (or a test runner's) does not reliably inherit it. From the compiled server
// (scripts/build-server.mjs) the entry is JavaScript and no loader is needed, or installed.
//
// A server that dies while this process is still importing (seconds on a loaded machine) must not
// leave it running for good: model-process.ts ends the process when its channel closes, but only
// once its imports are done, and it ignores SIGTERM. So the same rule holds from the first line.
process.on('disconnect', () => process.exit(0));
await import('@huggingface/transformers');
const entry = process.argv[2];
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
// The model downloads go through HTTPS_PROXY / HTTP_PROXY (NO_PROXY honoured) when they are set.
// (The build rewrites this import to the compiled download-proxy.js.)
const { useProxyFromEnvironment } = await import('../../../lib/download-proxy.ts');
await useProxyFromEnvironment();
await import(entry);
