/**
 * Server-sent events, as every streaming route writes them (chat answers, document progress): the
 * headers, one `data:` line of JSON per event, and a comment line now and then so that proxies and
 * load balancers with an idle timeout (often 30–60 s) do not cut a quiet stream.
 */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  // Tells nginx-style proxies not to buffer the stream.
  'X-Accel-Buffering': 'no',
} as const;

/** One event: its JSON on a `data:` line, then a blank line. */
export function sseData(event: unknown): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/** A comment line sent after this long without an event (EventSource clients ignore comments). */
export const HEARTBEAT_MS = 15_000;
export const HEARTBEAT = ': keep-alive\n\n';
