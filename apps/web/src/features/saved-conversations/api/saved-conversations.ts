import { useCallback } from 'react';

import { defineQuery, useCachedQuery, useQueryCache } from '@/lib/query-cache';

import {
  clearConversations,
  deleteConversation,
  listConversations,
  renameConversation,
  saveConversation,
  type ConversationSnapshot,
  type SavedConversation,
} from '../conversation-store';

/** The device's own storage: fresh until a change here invalidates it. */
const savedConversationsQuery = defineQuery({
  key: ['saved-conversations'],
  fetch: () => listConversations(),
  freshFor: Infinity,
});

/** The conversations kept on this device, newest first (an empty list where IndexedDB is missing). */
export function useSavedConversations() {
  return useCachedQuery(savedConversationsQuery);
}

/** Rename, delete one, clear all: each then lists the conversations again, whether it worked or not. */
export function useConversationActions() {
  const cache = useQueryCache();
  const refresh = () => cache.invalidate(savedConversationsQuery.key);
  const thenRefresh = async <T>(change: Promise<T>): Promise<T> => {
    try {
      return await change;
    } finally {
      await refresh();
    }
  };
  return {
    rename: (id: string, title: string) => thenRefresh(renameConversation(id, title)),
    remove: (id: string) => thenRefresh(deleteConversation(id)),
    clearAll: () => thenRefresh(clearConversations()),
    refresh,
  };
}

/** Saves a conversation's current state, then lists them again (its count shows on the button). */
export function useSaveConversation() {
  const cache = useQueryCache();
  return useCallback(
    async <M>(snapshot: ConversationSnapshot<M>) => {
      await saveConversation(snapshot);
      await cache.invalidate(savedConversationsQuery.key);
    },
    [cache],
  );
}

export type { SavedConversation };
