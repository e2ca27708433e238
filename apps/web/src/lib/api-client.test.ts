// @vitest-environment node
import type http from 'node:http';

import { beforeEach, describe, expect, it } from 'vitest';

import { apiRequest, errorMessage, noteApiKeysRequired, setApiOrigin, unreachable } from './api-client';
import { expectApiError } from '@/testing/api-error';
import { serveApiDuringTests } from '@/testing/api-server';

let sessions = 0;
/** Tokens up to `token-{endedUpTo}` have ended (as after a server restart). */
let endedUpTo = 0;

/** A real HTTP server whose answers cover each failure shape the request layer must word. */
const answer: http.RequestListener = (request, response) => {
  const send = (status: number, body: string, type = 'application/json') => {
    response.writeHead(status, { 'Content-Type': type });
    response.end(body);
  };
  switch (request.url) {
    case '/api/v1/session':
      sessions += 1;
      return send(
        200,
        JSON.stringify({
          token: `token-${sessions}`,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          key_required: false,
        }),
      );
    case '/api/v1/needs-fresh-session':
      // An ended token is refused: only a later one is taken.
      if (Number(String(request.headers['x-sema-session']).replace('token-', '')) <= endedUpTo)
        return send(401, JSON.stringify({ detail: 'ended', code: 'SESSION_EXPIRED' }));
      return send(200, JSON.stringify({ session: request.headers['x-sema-session'] }));
    case '/api/v1/keys-on':
      // Keys were turned on after the page read the status: only a request with a session passes.
      if (!request.headers['x-sema-session'])
        return send(401, JSON.stringify({ detail: 'key please', code: 'API_KEY_REQUIRED' }));
      return send(200, JSON.stringify({ session: request.headers['x-sema-session'] }));
    case '/api/v1/ok':
      return send(200, JSON.stringify({ hello: 'world' }));
    case '/api/v1/echo': {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () =>
        send(
          200,
          JSON.stringify({
            method: request.method,
            type: request.headers['content-type'],
            session: request.headers['x-sema-session'],
            body: JSON.parse(body),
          }),
        ),
      );
      return;
    }
    case '/api/v1/detail':
      return send(
        503,
        JSON.stringify({ detail: 'The translation model is still loading', code: 'MODEL_UNAVAILABLE' }),
      );
    case '/api/v1/no-detail':
      return send(418, JSON.stringify({ message: 'teapot' }));
    case '/api/v1/not-json':
      return send(502, '<html>Bad gateway</html>', 'text/html');
    default:
      return send(404, JSON.stringify({ detail: 'Not found', code: 'NOT_FOUND' }));
  }
};

const apiOrigin = serveApiDuringTests(answer);
// Each test starts from a client that has asked for nothing (no session, the key setting unknown).
beforeEach(() => setApiOrigin(apiOrigin()));

describe('apiRequest', () => {
  it('asks for a session token once, sends it with work, and asks again when it has ended', async () => {
    const before = sessions;
    // The first token this test gets has already ended.
    endedUpTo = before + 1;
    expect(await apiRequest('/needs-fresh-session', { method: 'POST', body: {} })).toEqual({
      session: `token-${before + 2}`,
    });
    expect(await apiRequest('/needs-fresh-session', { method: 'POST', body: {} })).toEqual({
      session: `token-${before + 2}`,
    });
    expect(sessions).toBe(before + 2);
  });

  it('returns the parsed JSON of an OK answer and sends JSON bodies', async () => {
    expect(await apiRequest('/ok')).toEqual({ hello: 'world' });
    // Work carries a session: the one the client asked for now.
    expect(await apiRequest('/echo', { method: 'POST', body: { text: 'hi' } })).toEqual({
      method: 'POST',
      type: 'application/json',
      session: `token-${sessions}`,
      body: { text: 'hi' },
    });
  });

  it("uses the body's detail as the message, keeping status and code", async () => {
    await expectApiError(apiRequest('/detail'), {
      message: 'The translation model is still loading',
      status: 503,
      code: 'MODEL_UNAVAILABLE',
    });
  });

  it("says 'Request failed with status N' when the JSON has no detail", async () => {
    await expect(apiRequest('/no-detail')).rejects.toThrow('Request failed with status 418');
  });

  it("says 'HTTP N: statusText' when the body is not JSON", async () => {
    await expect(apiRequest('/not-json')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it("says 'Network error. Please check your connection.' when the server cannot be reached", async () => {
    setApiOrigin('http://127.0.0.1:1');
    try {
      await expect(apiRequest('/ok')).rejects.toMatchObject({
        message: 'Network error. Please check your connection.',
        status: 0,
        code: 'NETWORK_ERROR',
      });
    } finally {
      setApiOrigin(apiOrigin());
    }
  });

  it("says 'Network error occurred' when fetch fails with something that is not an Error", () => {
    expect(unreachable('socket gone')).toMatchObject({ message: 'Network error occurred', status: 0 });
    const abort = new DOMException('Stopped', 'AbortError');
    expect(unreachable(abort)).toBe(abort);
  });

  it('lets a cancelled request reject as an AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(apiRequest('/ok', { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('asks for no session while the status says keys are off, and asks again when they are on', async () => {
    const before = sessions;
    noteApiKeysRequired(false);
    expect(await apiRequest('/echo', { body: { a: 1 } })).not.toHaveProperty('session');
    expect(sessions).toBe(before);
    expect(await apiRequest('/keys-on', { method: 'POST' })).toEqual({ session: `token-${before + 1}` });
    expect(sessions).toBe(before + 1);
  });
});

describe('errorMessage', () => {
  it("gives an Error's message, or 'An unexpected error occurred'", () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('a string')).toBe('An unexpected error occurred');
    expect(errorMessage(undefined)).toBe('An unexpected error occurred');
  });
});
