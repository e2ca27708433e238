/**
 * The URL of a module in the same build as the caller, for code that starts another module by its
 * path (a child process, a worker thread) where no import would rewrite it: `.ts` when the caller runs
 * from its TypeScript source (tests, tsx), `.js` when it runs from the compiled server
 * (`scripts/build-server.mjs` mirrors src/ into dist/).
 *
 *   siblingModule('./model-process', import.meta.url)
 */
export function siblingModule(relative: string, callerUrl: string): URL {
  const extension = new URL(callerUrl).pathname.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`${relative}${extension}`, callerUrl);
}
