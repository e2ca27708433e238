// The one wait of the test kit: poll a condition until it holds, and fail naming what was awaited.

/**
 * @typedef {object} WaitOptions
 * @property {number} [timeout] Milliseconds before giving up (default 10 000).
 * @property {number} [interval] Milliseconds between two checks (default 20).
 * @property {string} [what] What is awaited, for the error message ("the server to answer /readyz").
 * @property {AbortSignal} [signal] Stops the wait at once with the signal's reason (a process that exited).
 */

/**
 * Resolves with the condition's first truthy value. A condition that throws counts as "not yet"
 * (a server not listening yet refuses the connection); its last error is quoted if time runs out.
 * @template T
 * @param {() => T | Promise<T>} condition
 * @param {WaitOptions} [options]
 * @returns {Promise<Exclude<T, false | 0 | '' | null | undefined>>}
 */
export async function waitFor(condition, { timeout = 10_000, interval = 20, what, signal } = {}) {
  const deadline = performance.now() + timeout;
  /** @type {unknown} */
  let lastError;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const value = await condition();
      if (value) return /** @type {Exclude<T, false | 0 | '' | null | undefined>} */ (value);
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    signal?.throwIfAborted();
    if (performance.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${timeout} ms waiting for ${what ?? 'a condition'}${why}`);
    }
    await pause(interval, signal);
  }
}

/**
 * @param {number} ms
 * @param {AbortSignal} [signal]
 */
function pause(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve(undefined);
    }
  });
}
