import { runChatFlow } from './chat-flow';
import type { ChatReply } from './chat-reply';
import { startGeneration } from './generations';

/**
 * Sends one chat-mode message: runs the flow with a Stop button's signal, reporting each change.
 * Resolves with the final reply (done, stopped or error); never rejects for a failed step.
 */
export async function sendChat(
  text: string,
  earlier: readonly ChatReply[],
  onChange: (reply: ChatReply) => void,
): Promise<ChatReply> {
  const generation = startGeneration();
  try {
    return await runChatFlow(
      { text, earlier, generationId: generation.id, signal: generation.signal },
      onChange,
    );
  } finally {
    generation.finish();
  }
}
