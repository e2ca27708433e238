// @vitest-environment node
import type http from 'node:http';

import { describe, expect, it } from 'vitest';

import { confidenceOf, translateText } from './translate-text';
import { serveApiDuringTests } from '@/testing/api-server';

let requests: unknown[] = [];
const answer: http.RequestListener = (request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    // The API client asks for a session token before its first request that does work: keys are off.
    if (request.url === '/api/v1/session') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ token: null }));
      return;
    }
    const parsed = JSON.parse(body);
    requests.push(parsed);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({
        translated_text: `[${parsed.text}]`,
        source_language: 'eng_Latn',
        target_language: parsed.target_language,
        confidence_score: 0.9,
        processing_time: 0.01,
      }),
    );
  });
};

serveApiDuringTests(answer);

describe('translateText', () => {
  it('checks the text and the target before asking the server', async () => {
    requests = [];
    await expect(translateText({ text: '   ', target_language: 'fra_Latn' })).rejects.toThrow(
      'Text cannot be empty',
    );
    await expect(translateText({ text: 'Hi', target_language: '' })).rejects.toThrow(
      'Target language is required',
    );
    expect(requests).toEqual([]);
  });

  it('sends source auto by default', async () => {
    requests = [];
    const response = await translateText({ text: 'Hello', target_language: 'fra_Latn' });
    expect(response.translated_text).toBe('[Hello]');
    expect(requests).toEqual([{ text: 'Hello', target_language: 'fra_Latn', source_language: 'auto' }]);
  });
});

describe('confidenceOf', () => {
  const base = {
    translated_text: 'x',
    source_language: 'swh_Latn',
    target_language: 'eng_Latn',
    processing_time: 0,
  };
  it('reads confidence_score, also as confidence', () => {
    expect(confidenceOf({ ...base, confidence_score: 0.91 })).toBe(0.91);
    expect(confidenceOf({ ...base, confidence: 0.42 } as never)).toBe(0.42);
    expect(confidenceOf({ ...base, confidence_score: 0.7, confidence: 0.2 } as never)).toBe(0.7);
    expect(confidenceOf({ ...base, confidence: 'high' } as never)).toBeUndefined();
  });
});
