import { AUTO } from '@sema/shared/validation';
import { useState, type FormEvent } from 'react';

import { DeviceListDialog, RemoveItemButton } from '@/components/ui/device-list-dialog';
import { useLanguageLookup } from '@/languages';
import { allOf } from '@/lib/count-words';

import { useConversationActions, useSavedConversations } from '../api/saved-conversations';
import type { SavedConversation } from '../conversation-store';

export interface ConversationHistoryProps {
  /** The conversation on screen, marked in the list. */
  currentId: string;
  onOpen: (conversation: SavedConversation) => void;
  /** One was deleted (the screen starts afresh when it was the open one). */
  onDeleted: (id: string) => void;
  onCleared: () => void;
}

const when = (timestamp: number) =>
  new Date(timestamp).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The conversations kept on this device in a modal dialog, each with its first words and languages,
 * to reopen, rename or delete; all can be cleared after a confirmation. Its own chunk
 * (`ConversationHistory` fetches it ahead).
 */
export function ConversationHistoryDialog({
  currentId,
  onOpen,
  onDeleted,
  onCleared,
}: ConversationHistoryProps) {
  const { data: conversations = [] } = useSavedConversations();
  const actions = useConversationActions();
  const [renaming, setRenaming] = useState<string | null>(null);
  const { nameOf } = useLanguageLookup();

  const languages = (conversation: SavedConversation) =>
    conversation.mode === 'chat'
      ? `Chat · ${nameOf(conversation.sourceLanguage)}`
      : `${conversation.sourceLanguage === AUTO ? 'Auto Detect' : nameOf(conversation.sourceLanguage)} → ${nameOf(conversation.targetLanguage)}`;

  const submitRename = (event: FormEvent<HTMLFormElement>, id: string) => {
    event.preventDefault();
    const title = new FormData(event.currentTarget).get('title');
    if (typeof title === 'string') void actions.rename(id, title);
    setRenaming(null);
  };

  return (
    <DeviceListDialog
      title="Your conversations"
      count={conversations.length}
      empty="No saved conversations yet."
      listTestId="conversation-items"
      clearAll={{
        askLabel: 'Clear all conversations',
        question: `Delete ${allOf(conversations.length, 'conversation')} from this device?`,
        confirmLabel: 'Delete all',
        onConfirm: () => void actions.clearAll().then(onCleared),
      }}
    >
      {conversations.map((conversation) => (
        <li key={conversation.id} className="flex items-start gap-1 px-4 py-3">
          {renaming === conversation.id ? (
            <form
              className="flex min-w-0 flex-1 items-center gap-2"
              onSubmit={(event) => submitRename(event, conversation.id)}
            >
              <input
                name="title"
                aria-label="New name"
                defaultValue={conversation.title}
                // The field replaces the button that opened it, so focus follows.
                autoFocus
                className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-900"
              />
              <button
                type="submit"
                className="rounded-md bg-brand-600 px-2.5 py-1 text-sm font-semibold text-white hover:bg-brand-700"
              >
                Save
              </button>
            </form>
          ) : (
            <button
              type="button"
              className="min-w-0 flex-1 rounded-md text-left hover:bg-slate-50"
              aria-current={conversation.id === currentId || undefined}
              onClick={(event) => {
                onOpen(conversation);
                event.currentTarget.closest('dialog')?.close();
              }}
            >
              <span dir="auto" className="block truncate text-sm font-medium text-slate-900">
                {conversation.title}
              </span>
              <span className="block text-xs text-slate-600">
                {languages(conversation)} · {when(conversation.updatedAt)}
                {conversation.id === currentId ? ' · open now' : ''}
              </span>
            </button>
          )}
          {renaming !== conversation.id && (
            <button
              type="button"
              className="shrink-0 rounded-md px-2 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-100"
              aria-label={`Rename "${conversation.title}"`}
              onClick={() => setRenaming(conversation.id)}
            >
              Rename
            </button>
          )}
          <RemoveItemButton
            label={`Delete "${conversation.title}"`}
            onClick={() => {
              void actions.remove(conversation.id).then(() => onDeleted(conversation.id));
            }}
          />
        </li>
      ))}
    </DeviceListDialog>
  );
}
