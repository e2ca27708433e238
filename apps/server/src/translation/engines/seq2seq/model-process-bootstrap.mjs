// Entry point of the model process. The server runs TypeScript through tsx, whose loader a child
// process (or a test runner's) does not reliably inherit, so register it here, then load the model process's code.
// transformers.js (and ONNX Runtime with it) is loaded first, by Node itself: through tsx's loader
// its large bundle would cost the process about 100 MB more memory for as long as it lives.
await import('@huggingface/transformers');
const { register } = await import('tsx/esm/api');

register();
// The model downloads go through HTTPS_PROXY / HTTP_PROXY (NO_PROXY honoured) when they are set.
const { useProxyFromEnvironment } = await import('../../../lib/download-proxy.ts');
await useProxyFromEnvironment();
await import(process.argv[2]);
