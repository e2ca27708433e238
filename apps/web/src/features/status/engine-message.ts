import type { EngineStatus } from '@sema/shared/api/schemas';

/**
 * A plain sentence about an engine that cannot answer yet, or null when it is ready. The server's
 * own detail is preferred: it knows why (e.g. "the model is downloading").
 */
export function engineNotReadyMessage(what: string, engine: EngineStatus | undefined): string | null {
  if (!engine || engine.state === 'ready') return null;
  const percent = typeof engine.progress === 'number' ? ` (${Math.round(engine.progress * 100)} %)` : '';
  switch (engine.state) {
    case 'loading':
      return `The ${what} model is still loading${percent}. ${capitalised(what)} will work as soon as it is ready.`;
    case 'error':
      return `The ${what} model is unavailable${engine.detail ? `: ${engine.detail}` : '.'}`;
    case 'disabled':
      return `${capitalised(what)} is turned off on this server${engine.detail ? `: ${engine.detail}` : '.'}`;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
