import { runChatFlow, type ChatFlowInput } from './chat-flow';
import type { ChatReply } from './chat-reply';
import { startGeneration } from './generations';

/**
 * Sends one chat-mode message: runs the flow with a Stop button's signal, reporting each change.
 * With `document`, the message is about that dropped document (see `ChatFlowInput.document`).
 * Resolves with the final reply (done, stopped or error); never rejects for a failed step.
 */
export async function sendChat(
  text: string,
  earlier: readonly ChatReply[],
  onChange: (reply: ChatReply) => void,
  { document }: Pick<ChatFlowInput, 'document'> = {},
): Promise<ChatReply> {
  const generation = startGeneration();
  try {
    return await runChatFlow(
      {
        text,
        earlier,
        generationId: generation.id,
        signal: generation.signal,
        ...(document ? { document } : {}),
      },
      onChange,
    );
  } finally {
    generation.finish();
  }
}
