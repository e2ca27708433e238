import { expect } from 'vitest';

import { ApiError } from '@/lib/api-client';

/** Asserts that `promise` rejects with an `ApiError` carrying this message, status and code. */
export async function expectApiError(
  promise: Promise<unknown>,
  expected: { message: string; status: number; code: string },
): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject(expected);
}
