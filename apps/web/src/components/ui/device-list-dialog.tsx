import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { CloseIcon } from './icons';

interface DeviceListDialogProps {
  /** The heading (the dialog is labelled by it). */
  title: string;
  /** How many items there are: with none, `empty` stands for the list and there is nothing to clear. */
  count: number;
  empty: ReactNode;
  /** The list's test id. */
  listTestId: string;
  /** The items (`<li>`). */
  children: ReactNode;
  /** Clearing them all, under the list. */
  clearAll: ClearAll;
}

/** The button that removes one item of a device list (`label` says which). */
export function RemoveItemButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      className="shrink-0 rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
      onClick={onClick}
    >
      <CloseIcon width={16} height={16} />
    </button>
  );
}

/**
 * A list kept on this device (saved conversations, recent translations) in a native modal
 * <dialog>, shown as it mounts (its owner mounts it afresh for each opening, so a confirmation
 * left pending is gone): it traps focus, closes on Escape, on its Close button or on a click on the
 * backdrop, and returns focus to the button that opened it.
 */
export function DeviceListDialog({
  title,
  count,
  empty,
  listTestId,
  children,
  clearAll,
}: DeviceListDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => dialogRef.current?.close();
  useEffect(() => {
    if (!dialogRef.current?.open) dialogRef.current?.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      // A click on the backdrop (outside the panel) closes it.
      onClick={(event) => {
        if (event.target === dialogRef.current) close();
      }}
      className="m-auto max-h-[85dvh] w-[min(36rem,calc(100vw-1.5rem))] rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <div className="flex max-h-[85dvh] flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            aria-label="Close"
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100"
            onClick={close}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <p className="px-4 pt-3 text-xs text-slate-700">Kept on this device only: nothing here leaves it.</p>
        {count === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-700">{empty}</p>
        ) : (
          <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto" data-testid={listTestId}>
            {children}
          </ul>
        )}
        {count > 0 && (
          <ClearAllFooter {...clearAll} confirming={confirming} onConfirmingChange={setConfirming} />
        )}
      </div>
    </dialog>
  );
}

/** Clearing a whole list: the words of its buttons and question, and what it does. */
interface ClearAll {
  /** The first button, e.g. "Clear history". */
  askLabel: string;
  /** The confirmation's question and its button, e.g. "Clear all 3 translations?" and "Clear all". */
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
}

interface ClearAllFooterProps extends ClearAll {
  /** Asking for the confirmation. */
  confirming: boolean;
  onConfirmingChange: (confirming: boolean) => void;
}

/** Clearing a whole list, only after a confirmation that can be declined ("Keep them"). */
function ClearAllFooter({
  confirming,
  onConfirmingChange,
  askLabel,
  question,
  confirmLabel,
  onConfirm,
}: ClearAllFooterProps) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 px-4 py-3">
      {confirming ? (
        <>
          <p className="mr-auto text-sm text-slate-800">{question}</p>
          <button
            type="button"
            className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
            onClick={() => onConfirmingChange(false)}
          >
            Keep them
          </button>
          <button
            type="button"
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
            onClick={() => {
              onConfirm();
              onConfirmingChange(false);
            }}
          >
            {confirmLabel}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="rounded-md px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50"
          onClick={() => onConfirmingChange(true)}
        >
          {askLabel}
        </button>
      )}
    </div>
  );
}
