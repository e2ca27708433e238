/**
 * The technical side of a failure (the server's wording, its code), folded away under "Details" so
 * the person reads one plain sentence first.
 */
export function ErrorDetails({ detail }: { detail: string | undefined }) {
  if (!detail) return null;
  return (
    <details className="text-xs" data-testid="error-details">
      <summary className="w-fit cursor-pointer rounded font-medium">Details</summary>
      <span className="mt-1 block wrap-anywhere">{detail}</span>
    </details>
  );
}
