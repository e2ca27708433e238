import { DeviceListButton } from '@/components/ui/device-list-button';
import { ChatIcon } from '@/components/ui/icons';
import { lazyComponent, OpenedDialog, useDialogOnDemand } from '@/lib/lazy';

import { useConversationActions, useSavedConversations } from '../api/saved-conversations';
import { useConversationListRequests } from '../open-request';
import type { ConversationHistoryProps } from './conversation-history-dialog';

/** The list itself is fetched when the browser is idle, or when its button is pointed at or focused. */
const ConversationHistoryDialog = lazyComponent(() =>
  import('./conversation-history-dialog').then((module) => module.ConversationHistoryDialog),
);

/**
 * The conversations kept on this device: a button that opens them in a modal dialog. The native
 * <dialog> traps focus, closes on Escape and returns focus to the button.
 */
export function ConversationHistory(props: ConversationHistoryProps) {
  const { data: conversations = [] } = useSavedConversations();
  const actions = useConversationActions();
  const dialog = useDialogOnDemand(ConversationHistoryDialog);
  const open = () => {
    void actions.refresh();
    dialog.open();
  };
  // The header's and the menu's "Conversations" open the same list.
  useConversationListRequests(open);

  return (
    <>
      {/* Nothing saved yet: no button (the dialog stays, so clearing all keeps focus in it). */}
      {conversations.length > 0 && (
        <DeviceListButton icon={<ChatIcon width={16} height={16} />} onClick={open} onIntent={dialog.preload}>
          Conversations ({conversations.length})
        </DeviceListButton>
      )}
      <OpenedDialog dialog={ConversationHistoryDialog} openings={dialog.openings} props={props} />
    </>
  );
}
