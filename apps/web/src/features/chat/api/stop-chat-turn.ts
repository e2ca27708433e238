import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/v1/chat/turns/{id}/stop: the Stop button. The server stops the model, translates what it
 * wrote, and ends the turn's stream with `done` marked interrupted (the stream stays open for it).
 */
export async function stopChatTurn(turnId: string): Promise<void> {
  await apiRequest(`/chat/turns/${encodeURIComponent(turnId)}/stop`, { method: 'POST' });
}
