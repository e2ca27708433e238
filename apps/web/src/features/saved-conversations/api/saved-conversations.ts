import { useCallback } from 'react';

import { queryOptions, useMutation, useQuery, useQueryClient } from '@/lib/query';

import {
  clearConversations,
  deleteConversation,
  listConversations,
  renameConversation,
  saveConversation,
  type ConversationSnapshot,
  type SavedConversation,
} from '../conversation-store';

export const savedConversationsQueryOptions = () =>
  queryOptions({
    queryKey: ['saved-conversations'],
    queryFn: () => listConversations(),
    // The device's own storage: nothing to refetch on focus.
    staleTime: Infinity,
    networkMode: 'always',
  });

/** The conversations kept on this device, newest first (an empty list where IndexedDB is missing). */
export function useSavedConversations() {
  return useQuery(savedConversationsQueryOptions());
}

/** Rename, delete one, clear all: each then lists the conversations again. */
export function useConversationActions() {
  const queryClient = useQueryClient();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: savedConversationsQueryOptions().queryKey });
  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameConversation(id, title),
    onSettled: refresh,
    networkMode: 'always',
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteConversation(id),
    onSettled: refresh,
    networkMode: 'always',
  });
  const clearAll = useMutation({
    mutationFn: () => clearConversations(),
    onSettled: refresh,
    networkMode: 'always',
  });
  return {
    rename: (id: string, title: string) => rename.mutateAsync({ id, title }),
    remove: (id: string) => remove.mutateAsync(id),
    clearAll: () => clearAll.mutateAsync(),
    refresh,
  };
}

/** Saves a conversation's current state, then lists them again (its count shows on the button). */
export function useSaveConversation() {
  const queryClient = useQueryClient();
  return useCallback(
    async <M>(snapshot: ConversationSnapshot<M>) => {
      await saveConversation(snapshot);
      await queryClient.invalidateQueries({ queryKey: savedConversationsQueryOptions().queryKey });
    },
    [queryClient],
  );
}

export type { SavedConversation };
