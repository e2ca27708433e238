import { clear, createStore, del, get, keys, set, update, values, type UseStore } from 'idb-keyval';

/**
 * A conversation kept on this device (IndexedDB, through idb-keyval): its messages as the screen
 * drew them, and the languages and mode it was held in. Nothing here is sent to the server.
 */
export interface SavedConversation<M = unknown> {
  id: string;
  /** The first words of the first message, or the name the person gave it. */
  title: string;
  /** The person renamed it: later saves keep the name. */
  renamed?: boolean;
  mode: 'chat' | 'translate';
  sourceLanguage: string;
  targetLanguage: string;
  /** ms since the epoch */
  createdAt: number;
  updatedAt: number;
  messages: M[];
}

/** What a save brings: everything but the times and the name, which the store keeps. */
export type ConversationSnapshot<M> = Omit<SavedConversation<M>, 'createdAt' | 'updatedAt' | 'renamed'>;

let store: UseStore | undefined;
// Opened on first use, so a page that never saves never opens the database.
const conversations = () => (store ??= createStore('sema', 'conversations'));

/**
 * The conversations deleted while this page is open. The screen saves the open conversation a moment
 * after its messages change, so a save already scheduled when the person deletes it (or clears them
 * all) would otherwise bring it back.
 */
const deleted = new Set<string>();

/** Every saved conversation, the most recently changed first. */
export async function listConversations<M>(): Promise<SavedConversation<M>[]> {
  const all = await values<SavedConversation<M>>(conversations());
  return all.sort((a, b) => b.updatedAt - a.updatedAt);
}

export function loadConversation<M>(id: string): Promise<SavedConversation<M> | undefined> {
  return get<SavedConversation<M>>(id, conversations());
}

/** Saves the conversation's current state; a name the person gave it stays; a deleted one stays deleted. */
export async function saveConversation<M>(
  snapshot: ConversationSnapshot<M>,
  now = Date.now(),
): Promise<void> {
  if (deleted.has(snapshot.id)) return;
  return update<SavedConversation<M>>(
    snapshot.id,
    (saved) => ({
      ...snapshot,
      ...(saved?.renamed ? { title: saved.title, renamed: true } : {}),
      createdAt: saved?.createdAt ?? now,
      updatedAt: now,
    }),
    conversations(),
  );
}

export async function renameConversation(id: string, title: string): Promise<void> {
  const saved = await get<SavedConversation>(id, conversations());
  if (!saved || !title.trim()) return;
  await set(id, { ...saved, title: title.trim(), renamed: true }, conversations());
}

export function deleteConversation(id: string): Promise<void> {
  deleted.add(id);
  return del(id, conversations());
}

export async function clearConversations(): Promise<void> {
  for (const id of await keys(conversations())) deleted.add(String(id));
  await clear(conversations());
}

/** A conversation's default title: the first words of its first message. */
export function titleFrom(text: string, maxChars = 60): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= maxChars) return oneLine;
  const cut = oneLine.slice(0, maxChars);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut}…`;
}
