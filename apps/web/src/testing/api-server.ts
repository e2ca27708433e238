/**
 * For the calling test file: a server answering with `handler` on a free loopback port (the test
 * kit's plainServer, the one way a test puts up an HTTP stand-in), with the API client pointed at
 * it, from before its tests until after them.
 */
import type http from 'node:http';

import { plainServer } from '@sema/testkit/plain-server';
import { afterAll, beforeAll } from 'vitest';

import { setApiOrigin } from '@/lib/api-client';

/** Returns the server's origin (known once the tests run). */
export function serveApiDuringTests(handler: http.RequestListener): () => string {
  let served: Awaited<ReturnType<typeof plainServer>> | undefined;
  beforeAll(async () => {
    served = await plainServer(handler);
    setApiOrigin(served.url);
  });
  afterAll(() => served?.close());
  return () => served?.url ?? '';
}
