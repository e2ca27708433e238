/** Three small dots with a spoken label: a piece of the answer is still on its way. */
export function LoadingDotsInline({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-1 py-1" aria-label={label}>
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-slate-400"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
