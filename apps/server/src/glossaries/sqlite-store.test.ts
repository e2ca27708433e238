import { describe, expect, it } from 'vitest';
import { SqliteGlossaryStore } from './sqlite-store.ts';
import { GlossaryStoreFullError, MAX_GLOSSARIES } from './store.ts';

describe('SQLite glossary store', () => {
  it(`keeps at most ${MAX_GLOSSARIES} glossaries, and makes room when one is deleted`, async () => {
    const store = new SqliteGlossaryStore(':memory:');
    const glossary = { owner: 'open', name: 'g', source: 'eng_Latn', target: 'swh_Latn', entries: [] };
    const created = [];
    for (let i = 0; i < MAX_GLOSSARIES; i += 1) created.push(await store.create(glossary));
    await expect(store.create(glossary)).rejects.toBeInstanceOf(GlossaryStoreFullError);
    expect(await store.delete(created[0]!.id)).toBe(true);
    expect((await store.create(glossary)).entryCount).toBe(0);
    await store.close();
  });
});
