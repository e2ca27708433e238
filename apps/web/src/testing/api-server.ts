/**
 * For the calling test file: `server` listening on a free loopback port, with the API client
 * pointed at it, from before its tests until after them.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll } from 'vitest';

import { setApiOrigin } from '@/lib/api-client';

/** Returns the server's origin (known once the tests run). */
export function serveApiDuringTests(server: http.Server): () => string {
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    setApiOrigin(origin);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return () => origin;
}
