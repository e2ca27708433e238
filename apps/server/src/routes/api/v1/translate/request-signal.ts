import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the answer is sent, so its queued sentences are
 * dropped instead of translated for nobody.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const onClose = () => {
    if (!response.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'));
  };
  response.once('close', onClose);
  return controller.signal;
}
