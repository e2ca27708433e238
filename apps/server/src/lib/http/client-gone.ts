import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the answer is sent, so the work done for it (queued
 * sentences, a chat answer, a document) stops instead of running for nobody. `onClose` runs when
 * the connection closes either way (to free a per-client slot, say).
 */
export function clientGoneSignal(reply: FastifyReply, onClose?: () => void): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  response.once('close', () => {
    onClose?.();
    if (!response.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'));
  });
  return controller.signal;
}
