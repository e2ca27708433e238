import type { EngineStatus } from '@sema/shared/api/schemas';

export interface EngineNotice {
  /**
   * One plain sentence for anyone using the app. The server's own explanation (paths, hosts,
   * upstream errors) is its operator's: in its log and its /status with the operator's token.
   */
  message: string;
}

/**
 * On a server with pair models whose main model works: the pairs whose model does not (loading,
 * or failed), in words, or undefined when it is not that case.
 */
function pairsDown(engine: EngineStatus, nameOf: (code: string) => string): string | undefined {
  const models = engine.models;
  if (models?.find((model) => model.role === 'main')?.state !== 'ready') return undefined;
  const pairs = models
    .filter((model) => model.role === 'pair' && model.state !== 'ready')
    .flatMap((model) => model.pairs ?? [])
    .map((pair) => pair.split('-').map(nameOf).join(' → '));
  return pairs.length > 0 ? pairs.join(', ') : undefined;
}

/**
 * What to say about an engine that cannot answer, or null when it is ready. `nameOf` names the
 * languages of a pair whose model is down while the others work.
 */
export function engineNotReadyMessage(
  what: string,
  engine: EngineStatus | undefined,
  nameOf: (code: string) => string = (code) => code,
): EngineNotice | null {
  if (!engine || engine.state === 'ready') return null;
  const down = pairsDown(engine, nameOf);
  if (down) {
    const how = engine.state === 'loading' ? 'still loading' : 'unavailable right now';
    return { message: `${capitalised(what)} of ${down} is ${how}; every other language pair works.` };
  }
  const percent = typeof engine.progress === 'number' ? ` (${Math.round(engine.progress * 100)} %)` : '';
  switch (engine.state) {
    case 'loading':
      return {
        message: `The ${what} model is still loading${percent}. ${capitalised(what)} will work as soon as it is ready.`,
      };
    case 'error': {
      const retrying = engine.next_attempt_at
        ? ' The server keeps trying, and this note goes away when it works.'
        : '';
      return { message: `${capitalised(what)} is unavailable on this server right now.${retrying}` };
    }
    case 'disabled':
      // Turned off on purpose: the person using the app can do nothing about it.
      return { message: `${capitalised(what)} is turned off on this server.` };
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
