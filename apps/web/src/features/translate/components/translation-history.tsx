import { DeviceListButton } from '@/components/ui/device-list-button';
import { HistoryIcon } from '@/components/ui/icons';
import { lazyComponent, OpenedDialog, useDialogOnDemand } from '@/lib/lazy';

import type { TranslationHistoryProps } from './translation-history-dialog';

/** The list itself is fetched when the browser is idle, or when its button is pointed at or focused. */
const TranslationHistoryDialog = lazyComponent(() =>
  import('./translation-history-dialog').then((module) => module.TranslationHistoryDialog),
);

/**
 * The translation history: a button that opens it in a modal dialog. The native <dialog> traps
 * focus, closes on Escape and returns focus to the button.
 */
export function TranslationHistory(props: TranslationHistoryProps) {
  const dialog = useDialogOnDemand(TranslationHistoryDialog);
  return (
    <>
      <DeviceListButton
        icon={<HistoryIcon width={16} height={16} />}
        onClick={dialog.open}
        onIntent={dialog.preload}
      >
        History ({props.history.length})
      </DeviceListButton>
      <OpenedDialog dialog={TranslationHistoryDialog} openings={dialog.openings} props={props} />
    </>
  );
}
