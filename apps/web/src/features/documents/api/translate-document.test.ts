import { describe, expect, it, vi } from 'vitest';
import type { DocumentEvent } from '@sema/shared/api/documents';

import { expectApiError } from '@/testing/api-error';
import { readEvents } from '@/lib/api-stream';

import { readDocumentEvents } from './translate-document';

/** The events of a response whose body arrives in the given chunks, as a server's stream would. */
function streamed(chunks: string[]) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return readEvents<DocumentEvent>(new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }));
}

const done = {
  type: 'done',
  file_name: 'a.fr.srt',
  format: 'srt',
  mime_type: 'application/x-subrip',
  text: '1\n00:00:01,000 --> 00:00:02,000\nBonjour\n',
  source_language: 'eng_Latn',
  target_language: 'fra_Latn',
  characters: 5,
  processing_time: 0.1,
  preview: 'Bonjour',
  truncated: false,
};

describe('readDocumentEvents', () => {
  it('reports progress and resolves with the done event, even when events are split across chunks', async () => {
    const onProgress = vi.fn();
    const progress =
      'data: {"type":"progress","done":0,"total":5}\n\n: keep-alive\n\ndata: {"type":"progress","done":5,"total":5}\n\n';
    const last = `data: ${JSON.stringify(done)}\n\n`;
    const result = await readDocumentEvents(
      streamed([progress.slice(0, 30), progress.slice(30), last.slice(0, 40), last.slice(40)]),
      onProgress,
    );
    expect(onProgress.mock.calls).toEqual([[{ done: 0, total: 5 }], [{ done: 5, total: 5 }]]);
    const { type: _type, ...expected } = done;
    expect(result).toEqual(expected);
  });

  it("throws the server's error event as an ApiError with its status and code", async () => {
    const error = { type: 'error', detail: 'The translation queue is full', code: 'OVERLOADED', status: 503 };
    await expectApiError(readDocumentEvents(streamed([`data: ${JSON.stringify(error)}\n\n`])), {
      message: 'The translation queue is full',
      status: 503,
      code: 'OVERLOADED',
    });
  });

  it('says the connection closed when the stream ends without a result', async () => {
    await expect(
      readDocumentEvents(streamed(['data: {"type":"progress","done":1,"total":9}\n\n'])),
    ).rejects.toThrow('The connection closed before the document was translated. Please try again.');
  });
});
