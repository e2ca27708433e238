import { FileIcon } from '@/components/ui/icons';

/** Covers the drop area while a file is dragged over it. */
export function DropOverlay() {
  return (
    <div
      className="pointer-events-none absolute inset-2 z-30 flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-brand-600 bg-brand-50/95 text-brand-800"
      data-testid="drop-overlay"
    >
      <FileIcon width={40} height={40} />
      <p className="text-lg font-semibold">Drop file here</p>
    </div>
  );
}
