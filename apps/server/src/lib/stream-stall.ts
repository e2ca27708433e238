import type { FastifyReply } from 'fastify';

/**
 * A streamed answer (server-sent events) writes something at least every heartbeat, so a connection
 * on which nothing could be written for `stallMs` has a client that stopped reading: it is closed,
 * instead of holding a model slot and buffered output for the server's whole idle timeout.
 */
export function closeWhenStalled(reply: FastifyReply, stallMs: number): void {
  // Injected requests (tests) have a stand-in socket without timers.
  const socket = reply.raw.socket as { setTimeout?: (ms: number) => unknown } | null;
  socket?.setTimeout?.(stallMs);
}
