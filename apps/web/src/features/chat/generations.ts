/**
 * Answers being generated, by id, so a Stop button drawn inside a message can end its own one.
 * Module state is fine here: it lives as long as the page, like the conversation.
 */
import { createId } from '@/lib/create-id';

const running = new Map<string, AbortController>();

export function startGeneration(): { id: string; signal: AbortSignal; finish: () => void } {
  const id = createId('generation');
  const controller = new AbortController();
  running.set(id, controller);
  return { id, signal: controller.signal, finish: () => running.delete(id) };
}

export function stopGeneration(id: string): void {
  running.get(id)?.abort(new DOMException('Stopped by the user', 'AbortError'));
}

/** Stops every answer still being generated (a new conversation leaves nothing running behind it). */
export function stopAllGenerations(): void {
  for (const id of running.keys()) stopGeneration(id);
}
