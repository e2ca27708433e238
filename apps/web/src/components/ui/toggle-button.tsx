import type { ReactNode } from 'react';

/**
 * A button that starts and stops something (dictation, reading aloud): pressed while it runs, and
 * named for what a press does now (`label`, or `pressedLabel` while pressed).
 */
export function ToggleButton({
  pressed,
  label,
  pressedLabel,
  testId,
  className,
  onClick,
  children,
}: {
  pressed: boolean;
  label: string;
  pressedLabel: string;
  testId: string;
  className: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? pressedLabel : label}
      data-testid={testId}
      className={className}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
