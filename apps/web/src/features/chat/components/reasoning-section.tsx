import type { ChatReply } from '../chat-reply';

export function thoughtLabel(reply: Pick<ChatReply, 'thoughtMs'>): string {
  if (reply.thoughtMs === undefined) return 'Thinking…';
  return `Thought for ${Math.max(1, Math.round(reply.thoughtMs / 1000))} s`;
}

/**
 * The model's reasoning, collapsed under 'Thought for N s' (or 'Thinking…' while it reasons). It is
 * shown as plain text in English: it is the model's working, not the answer.
 */
export function ReasoningSection({ reply }: { reply: ChatReply }) {
  if (!reply.reasoning.trim()) return null;
  return (
    <details
      className="group mb-2 rounded-lg border border-slate-200 bg-slate-50 text-sm"
      data-testid="chat-reasoning"
    >
      <summary className="cursor-pointer rounded-lg px-3 py-1.5 font-medium text-slate-700 select-none hover:bg-slate-100">
        {thoughtLabel(reply)}
      </summary>
      <p
        lang="en"
        className="max-h-72 overflow-y-auto border-t border-slate-200 px-3 py-2 break-words whitespace-pre-wrap text-slate-700"
      >
        {reply.reasoning.trim()}
      </p>
    </details>
  );
}
