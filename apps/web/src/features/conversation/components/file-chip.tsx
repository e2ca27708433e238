import { CloseIcon, FileIcon } from '@/components/ui/icons';
import { formatBytes } from '@/lib/format-time';

/** The staged file, with a button that removes it. */
export function FileChip({ file, onRemove }: { file: File; onRemove: () => void }) {
  return (
    <div
      className="inline-flex max-w-full items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 py-1 pr-1 pl-2.5 text-sm text-slate-800"
      data-testid="file-chip"
    >
      <FileIcon width={16} height={16} className="shrink-0 text-brand-700" />
      <span className="truncate font-medium">{file.name}</span>
      <span className="shrink-0 text-slate-600">{formatBytes(file.size)}</span>
      <button
        type="button"
        className="rounded-md p-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
