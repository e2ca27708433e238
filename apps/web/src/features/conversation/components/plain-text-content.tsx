import type { ChatMessage } from '../types';

/** The default renderer: the text as written, direction taken from the text itself. */
export function PlainTextContent({ message }: { message: ChatMessage }) {
  return (
    <p dir="auto" className="break-words whitespace-pre-wrap">
      {message.content}
    </p>
  );
}
