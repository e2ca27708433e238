/**
 * The failures of the translation path, as errors the one error handler renders directly. Engines
 * and the pipeline throw these; routes never need to translate them.
 */
import { ApiError } from '../lib/errors.ts';

/** The model cannot be had (not downloaded, corrupt, no network) or is not loaded yet. */
export function modelUnavailable(reason: string, hint?: string, retryAfterSeconds?: number): ApiError {
  const detail = `Translation model is not available: ${reason}${hint ? `. ${hint}` : ''}`;
  return new ApiError(503, 'MODEL_UNAVAILABLE', detail, retryHeader(retryAfterSeconds));
}

/** The queue is full: shed load instead of letting latency grow without bound. */
/**
 * A language the server's model does not translate from or into (a model of another family serves
 * fewer languages than the catalogue has): 422, as an unknown language is.
 */
export function pairNotServed(message: string): ApiError {
  return new ApiError(422, 'UNSUPPORTED_LANGUAGE', message);
}

export function overloaded(waiting: number, limit: number, retryAfterSeconds: number): ApiError {
  return new ApiError(
    503,
    'OVERLOADED',
    `The translation queue is full (${waiting} sentences waiting, the limit is ${limit}); try again in ${retryAfterSeconds} s`,
    retryHeader(retryAfterSeconds),
  );
}

/** The engine process died while working on this request; it restarts by itself. */
export function engineRestarted(reason: string): ApiError {
  return new ApiError(
    503,
    'MODEL_UNAVAILABLE',
    `Translation was interrupted: the translation engine stopped (${reason}) and is restarting; try again shortly`,
    retryHeader(2),
  );
}

function retryHeader(seconds: number | undefined): Record<string, string> {
  return seconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) };
}

/** The error `fetch`, timers and our own code use when an AbortSignal fires. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The operation was aborted', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** `promise`, or an AbortError as soon as `signal` aborts (the work itself is not stopped here). */
export function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
