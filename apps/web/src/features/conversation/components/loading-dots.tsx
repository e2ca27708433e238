/** The three-dot indicator shown while a reply is awaited. */
export function LoadingDots({ label = 'Waiting for a reply' }: { label?: string }) {
  return (
    <span className="inline-flex items-center gap-1 py-1.5" role="status" data-testid="loading-dots">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-2 animate-bounce rounded-full bg-slate-500"
          style={{ animationDelay: `${delay}ms` }}
          aria-hidden="true"
        />
      ))}
      <span className="sr-only">{label}</span>
    </span>
  );
}
