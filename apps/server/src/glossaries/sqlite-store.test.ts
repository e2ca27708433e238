import { describe, expect, it } from 'vitest';
import { SqliteGlossaryStore } from './sqlite-store.ts';
import { GlossaryLimitError } from './store.ts';

describe('SQLite glossary store', () => {
  const limits = { total: 5, perOwner: 2 };
  const glossary = (owner: string) => ({
    owner,
    name: 'g',
    source: 'eng_Latn',
    target: 'swh_Latn',
    entries: [],
  });

  it('keeps at most perOwner glossaries of one owner and total in all, and makes room when one is deleted', async () => {
    const store = new SqliteGlossaryStore(':memory:');
    const first = await store.create(glossary('key:a'), limits);
    await store.create(glossary('key:a'), limits);
    await expect(store.create(glossary('key:a'), limits)).rejects.toThrow(/SEMA_MAX_GLOSSARIES_PER_OWNER=2/);
    // Another owner has room of its own, up to the total.
    await store.create(glossary('key:b'), limits);
    await store.create(glossary('key:b'), limits);
    await store.create(glossary('key:c'), limits);
    await expect(store.create(glossary('key:c'), limits)).rejects.toThrow(/SEMA_MAX_GLOSSARIES=5/);
    expect(await store.delete(first.id)).toBe(true);
    expect((await store.create(glossary('key:a'), limits)).owner).toBe('key:a');
    await store.close();
  });

  it('gives an open server (one tenant: everyone) only the total', async () => {
    const store = new SqliteGlossaryStore(':memory:');
    for (let i = 0; i < 5; i += 1) await store.create(glossary('open'), limits);
    await expect(store.create(glossary('open'), limits)).rejects.toBeInstanceOf(GlossaryLimitError);
    await store.close();
  });
});
