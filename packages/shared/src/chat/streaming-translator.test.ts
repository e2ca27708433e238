import { describe, expect, it } from 'vitest';

import { StreamingTranslator } from './streaming-translator.ts';

/** A translation whose replies the test releases one by one, in any order. */
function controlledTranslation() {
  const calls: Array<{ text: string; resolve: (value: string) => void; reject: (error: Error) => void }> = [];
  const translate = (text: string) =>
    new Promise<string>((resolve, reject) => calls.push({ text, resolve, reject }));
  return { calls, translate };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('StreamingTranslator', () => {
  it('translates each sentence as soon as it is complete and shows them in order', async () => {
    const { calls, translate } = controlledTranslation();
    const updates: string[] = [];
    const translator = new StreamingTranslator(translate, (text) => updates.push(text));
    translator.push('One is **here**. Two');
    await tick();
    expect(calls.map((call) => call.text)).toEqual(['One is here.']);
    translator.push(' is here.\n\nThree.');
    await tick();
    expect(calls.map((call) => call.text)).toEqual(['One is here.', 'Two is here.']);
    calls[1]!.resolve('MBILI.');
    await tick();
    expect(updates).toEqual([]); // sentence two waits for sentence one
    calls[0]!.resolve('MOJA.');
    await tick();
    expect(updates.at(-1)).toBe('MOJA. MBILI.\n\n');
    const finished = translator.finish();
    await tick();
    expect(calls.map((call) => call.text)).toEqual(['One is here.', 'Two is here.', 'Three.']);
    calls[2]!.resolve('TATU.');
    expect(await finished).toBe('MOJA. MBILI.\n\nTATU.');
    expect(updates.at(-1)).toBe('MOJA. MBILI.\n\nTATU.');
  });

  it('keeps bold labels, code, links and URLs around the translated prose', async () => {
    const shout = (text: string) => Promise.resolve(text.toUpperCase());
    const translator = new StreamingTranslator(shout, () => {});
    translator.push('- **Tip:** Run `npm test` first.\n- Read [the guide](https://example.org/Guide).');
    expect(await translator.finish()).toBe(
      '- **TIP:** RUN `npm test` FIRST.\n- READ [THE GUIDE](https://example.org/Guide).',
    );
  });

  it('sends at most three translations at a time', async () => {
    const { calls, translate } = controlledTranslation();
    const translator = new StreamingTranslator(translate, () => {});
    translator.push('A. B. C. D. E. F');
    await tick();
    expect(calls).toHaveLength(3);
    calls[0]!.resolve('a.');
    await tick();
    expect(calls).toHaveLength(4);
    const finished = translator.finish();
    for (let i = 1; i < 6; i++) {
      await tick();
      calls[i]?.resolve(`${'bcdef'[i - 1]}.`);
    }
    expect(await finished).toBe('a. b. c. d. e. f.');
  });

  it('fails when a sentence cannot be translated', async () => {
    const { calls, translate } = controlledTranslation();
    const translator = new StreamingTranslator(translate, () => {});
    translator.push('A sentence. Another one.');
    const finished = translator.finish();
    await tick();
    calls[0]!.reject(new Error('Translation model is not available'));
    calls[1]?.resolve('x');
    await expect(finished).rejects.toThrow('Translation model is not available');
  });
});
