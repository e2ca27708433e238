import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, listenOn } from './build-test-app.ts';
import { HAPROXY, startHaproxy, type TestHaproxy } from '@sema/testkit/haproxy';

const LIMIT = { SEMA_RATE_LIMIT: '5/minute' };
const languages = (app: App, headers: Record<string, string>, remoteAddress?: string) =>
  app.inject({ method: 'GET', url: '/api/v1/languages/eng_Latn', headers, remoteAddress });

describe('the client address used for rate limits', () => {
  it('ignores X-Forwarded-For by default, so a client cannot dodge the limit by writing its own', async () => {
    const app = await buildTestApp(LIMIT);
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await languages(app, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await app.close();
    }
  });

  it('with SEMA_TRUST_PROXY, takes the right-most address the trusted proxy appended', async () => {
    const app = await buildTestApp({ ...LIMIT, SEMA_TRUST_PROXY: '10.0.0.0/8' });
    try {
      // Through the trusted proxy (10.1.2.3): each real client has its own budget, whatever it claims.
      const viaProxy = (client: string, claimed: string) =>
        languages(app, { 'x-forwarded-for': `${claimed}, ${client}` }, '10.1.2.3');
      const statuses = [];
      for (let i = 0; i < 6; i++) statuses.push((await viaProxy('198.51.100.7', `192.0.2.${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await viaProxy('198.51.100.8', '192.0.2.1')).statusCode).toBe(200);
      // A client reaching the server directly is not a trusted proxy: its header is ignored.
      const direct = [];
      for (let i = 0; i < 6; i++)
        direct.push((await languages(app, { 'x-forwarded-for': `192.0.2.${i}` }, '198.51.100.9')).statusCode);
      expect(direct).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!HAPROXY)('behind a real HAProxy that appends the client address', () => {
  let app: App;
  let proxy: TestHaproxy;
  beforeAll(async () => {
    // HAProxy connects from 127.0.0.2; the test's client connects from 127.0.0.1.
    app = await buildTestApp({ ...LIMIT, SEMA_TRUST_PROXY: '127.0.0.2' });
    const { port } = await listenOn(app);
    proxy = await startHaproxy({ backends: [port], sourceAddress: '127.0.0.2' });
  });
  afterAll(async () => {
    await proxy?.stop();
    await app?.close();
  });

  it('limits the real client even when it sends a different X-Forwarded-For each time', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const response = await fetch(`${proxy.url}/api/v1/languages/eng_Latn`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe('SEMA_TRUST_PROXY as a hop count', () => {
  it('trusts exactly that many hops nearest the server', async () => {
    const app = await buildTestApp({ ...LIMIT, SEMA_TRUST_PROXY: '1' });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await languages(app, { 'x-forwarded-for': `192.0.2.${i}, 198.51.100.7` })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});
