import type { ReactNode } from 'react';

/**
 * The button that opens a device list: its icon, then its label with the count. The list's code is
 * fetched ahead (`onIntent`) when the button is pointed at (a touch too) or focused.
 */
export function DeviceListButton({
  icon,
  children,
  onClick,
  onIntent,
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  onIntent: () => void;
}) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
      onClick={onClick}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      {icon}
      {children}
    </button>
  );
}
