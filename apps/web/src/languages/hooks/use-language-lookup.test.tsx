import type http from 'node:http';

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApiDuringTests } from '@/testing/api-server';
import { LANGUAGES_FIXTURE } from '@/testing/languages-fixture';
import { renderApp } from '@/testing/render-app';

import { useLanguageLookup } from './use-language-lookup';

/** The server's list answers when the test says; its names differ from the built-in catalogue's. */
let answerList: () => void = () => undefined;
let listAsked: () => void = () => undefined;
const listWasAsked = new Promise<void>((resolve) => (listAsked = resolve));
const answer: http.RequestListener = (request, response) => {
  const send = (body: unknown) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.url === '/api/v1/session')
    return send({
      token: 'token',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      key_required: false,
    });
  if (request.url === '/api/v1/languages') {
    answerList = () =>
      send({
        ...LANGUAGES_FIXTURE,
        languages: {
          ...LANGUAGES_FIXTURE.languages,
          swh_Latn: { ...LANGUAGES_FIXTURE.languages.swh_Latn!, name: 'Swahili, as the server says' },
        },
      });
    listAsked();
    return;
  }
  response.writeHead(404).end();
};
serveApiDuringTests(answer);

function Name({ code }: { code: string }) {
  const { nameOf } = useLanguageLookup();
  return <p data-testid="name">{nameOf(code)}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('useLanguageLookup', () => {
  it("does not fetch the built-in catalogue's names while the list comes behind the splash", async () => {
    // The page has just started: the splash has most of its 1500 ms to go.
    vi.spyOn(performance, 'now').mockReturnValue(0);
    const { queryCache } = renderApp(<Name code="swh_Latn" />, { languages: null });
    await listWasAsked;
    answerList();
    expect(await screen.findByText('Swahili, as the server says')).toBeInTheDocument();
    const catalogue = queryCache.query({ key: ['catalogue-names'], fetch: () => Promise.resolve({}) });
    // Never asked for: neither fetching nor fetched.
    expect({ fetching: catalogue.inFlight !== null, names: catalogue.getState().data }).toEqual({
      fetching: false,
      names: undefined,
    });
  });
});
