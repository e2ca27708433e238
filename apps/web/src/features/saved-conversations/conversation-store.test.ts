import 'fake-indexeddb/auto';

import { beforeEach, describe, expect, it } from 'vitest';

import {
  clearConversations,
  deleteConversation,
  listConversations,
  loadConversation,
  renameConversation,
  saveConversation,
  titleFrom,
  type ConversationSnapshot,
} from './conversation-store';

const snapshot = (id: string, text: string): ConversationSnapshot<{ content: string }> => ({
  id,
  title: titleFrom(text),
  mode: 'translate',
  sourceLanguage: 'auto',
  targetLanguage: 'fra_Latn',
  messages: [{ content: text }],
});

describe('conversations kept on the device', () => {
  // A deleted id is never saved again while the page is open, so each test takes ids of its own.
  let a = '';
  let b = '';
  let run = 0;
  beforeEach(async () => {
    await clearConversations();
    run += 1;
    [a, b] = [`a${run}`, `b${run}`];
  });

  it('saves, lists the newest first, and reopens a conversation with its messages', async () => {
    await saveConversation(snapshot(a, 'Good morning'), 1000);
    await saveConversation(snapshot(b, 'Where is the station?'), 2000);
    expect((await listConversations()).map((c) => c.id)).toEqual([b, a]);
    const first = await loadConversation<{ content: string }>(a);
    expect(first).toMatchObject({
      title: 'Good morning',
      createdAt: 1000,
      messages: [{ content: 'Good morning' }],
    });
    await saveConversation(
      { ...snapshot(a, 'Good morning'), messages: [{ content: 'x' }, { content: 'y' }] },
      3000,
    );
    expect(await loadConversation(a)).toMatchObject({ createdAt: 1000, updatedAt: 3000 });
    expect((await listConversations()).map((c) => c.id)).toEqual([a, b]);
  });

  it('keeps a name the person gave through later saves', async () => {
    await saveConversation(snapshot(a, 'Good morning'));
    await renameConversation(a, '  Greetings  ');
    await saveConversation(snapshot(a, 'Good morning'));
    expect((await loadConversation(a))?.title).toBe('Greetings');
    await renameConversation(a, '   ');
    expect((await loadConversation(a))?.title).toBe('Greetings');
  });

  it('deletes one, and clears all', async () => {
    await saveConversation(snapshot(a, 'one'));
    await saveConversation(snapshot(b, 'two'));
    await deleteConversation(a);
    expect((await listConversations()).map((c) => c.id)).toEqual([b]);
    await clearConversations();
    expect(await listConversations()).toEqual([]);
  });

  it('does not bring back a deleted conversation when a save scheduled before the delete lands after it', async () => {
    await saveConversation(snapshot(a, 'one'));
    await saveConversation(snapshot(b, 'two'));
    await deleteConversation(a);
    await saveConversation(snapshot(a, 'one, a moment later'));
    expect((await listConversations()).map((c) => c.id)).toEqual([b]);
    await clearConversations();
    await saveConversation(snapshot(b, 'two, a moment later'));
    expect(await listConversations()).toEqual([]);
  });

  it('titles a conversation with its first words, cut at a word', () => {
    expect(titleFrom('  Hello\n  world  ')).toBe('Hello world');
    expect(titleFrom('word '.repeat(30))).toMatch(/^(word ){11}word…$/);
  });
});
