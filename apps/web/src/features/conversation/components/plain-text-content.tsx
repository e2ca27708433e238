/** The default renderer: the text as written, direction taken from the text itself. */
export function PlainTextContent({ text }: { text: string }) {
  return (
    <p dir="auto" className="break-words whitespace-pre-wrap">
      {text}
    </p>
  );
}
