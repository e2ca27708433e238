/**
 * What the model reads: the person's sentence whole, with stand-ins for what must come back as it
 * was, seen through a translator that records what it is given (the `remote` engine's protocol),
 * and the fallback to cutting when the answer loses a stand-in, counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { buildTestApp, postJson } from './build-test-app.ts';
import { appWithRecordingTranslator } from './recording-translator.ts';

const served = appWithRecordingTranslator();

async function translate(text: string, extra: Record<string, unknown> = {}) {
  const response = await fetch(`${served.base}/api/v1/translate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, source_language: 'eng_Latn', target_language: 'swh_Latn', ...extra }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { translated_text: string }).translated_text;
}

async function wholeSentenceCounts(): Promise<Record<string, number>> {
  const metrics = await (await fetch(`${served.base}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of metrics.matchAll(/sema_translation_whole_sentences_total\{outcome="(\w+)"\} (\d+)/g)) {
    counts[match[1]!] = Number(match[2]);
  }
  return counts;
}

describe('whole sentences', () => {
  it('sends the everyday sentence with a mention, a time and a link as one sentence', async () => {
    const text =
      'The meeting with @amina starts at 10:30 tomorrow, see https://example.org/agenda for the details.';
    const translated = await translate(text);
    expect(served.translator.sentences()).toEqual([
      'The meeting with [1] starts at [2] tomorrow, see [3] for the details.',
    ]);
    expect(translated).toBe(
      'THE MEETING WITH @amina STARTS AT 10:30 TOMORROW, SEE https://example.org/agenda FOR THE DETAILS.',
    );
  });

  it("sends a UI string's placeholders and a tagged word inside their sentence, and puts them back", async () => {
    expect(await translate('You have {count} new messages')).toBe('YOU HAVE {count} NEW MESSAGES');
    expect(await translate('Click <b>Save</b> to keep your changes, "Tom\'s" & co.')).toBe(
      'CLICK <b>SAVE</b> TO KEEP YOUR CHANGES, "TOM\'S" & CO.',
    );
    expect(served.translator.sentences()).toEqual([
      'You have [1] new messages',
      'Click [1]Save[2] to keep your changes, "Tom\'s" & co.',
    ]);
  });

  it("holds a glossary term's translation by a stand-in, and text shaped like a stand-in by another", async () => {
    const translated = await translate('Open the Dashboard to see note [1].', {
      glossary: { Dashboard: 'Dashibodi' },
    });
    expect(served.translator.sentences()).toEqual(['Open the [1] to see note [2].']);
    expect(translated).toBe('OPEN THE Dashibodi TO SEE NOTE [1].');
  });

  it('falls back to cutting a sentence whose answer loses its stand-ins, and counts it', async () => {
    const before = await wholeSentenceCounts();
    served.translator.reset('lose');
    const translated = await translate('Write to help@example.org before Friday, please.');
    // Whole first; the answer came back without its stand-in, so the cut version was sent too.
    expect(served.translator.sentences()).toEqual([
      'Write to [1] before Friday, please.',
      'Write to',
      'before Friday, please.',
    ]);
    expect(translated).toBe('WRITE TO help@example.org BEFORE FRIDAY, PLEASE.');
    const after = await wholeSentenceCounts();
    expect((after.fallback ?? 0) - (before.fallback ?? 0)).toBe(1);
  });

  it('sends an HTML paragraph with a link as one sentence, the tags moving with their words', async () => {
    const translated = await translate(
      '<p>Read <a href="/guide" title="The guide">the guide</a> before you start.</p>',
      {
        format: 'html',
      },
    );
    expect(served.translator.sentences()).toEqual(['The guide', 'Read [1]the guide[2] before you start.']);
    expect(translated).toBe('<p>READ <a href="/guide" title="THE GUIDE">THE GUIDE</a> BEFORE YOU START.</p>');
  });

  it("brings Weblate's escaped DeepL text back with every reference from a model that drops &", async () => {
    served.translator.reset('drop-ampersand');
    const response = await fetch(`${served.base}/v2/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        text: ['Tom&#x27;s &quot;quote&quot; &amp; &lt;b&gt;co&lt;/b&gt;'],
        source_lang: 'EN',
        target_lang: 'DE',
        tag_handling: 'xml',
      }),
    });
    expect(response.status).toBe(200);
    const { translations } = (await response.json()) as { translations: { text: string }[] };
    expect(served.translator.sentences()).toEqual(['Tom\'s "quote" [1] [2]co[3]']);
    expect(translations[0]!.text).toBe('Tom&#x27;s &quot;quote&quot; &amp; &lt;b&gt;co&lt;/b&gt;');
  });

  it('keeps a sentence of plain words exactly as before: one sentence, no stand-ins', async () => {
    expect(await translate('Good morning. How are you?')).toBe('GOOD MORNING. HOW ARE YOU?');
    expect(served.translator.sentences()).toEqual(['Good morning.', 'How are you?']);
  });
});

describe('whole sentences on the tiny model', () => {
  let tiny: App;
  beforeAll(async () => {
    tiny = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await tiny?.close();
  });

  it('keeps every placeholder through the fallback when a random model mangles the stand-ins', async () => {
    const text = 'Hello {name}, you have %d new messages from @amina at 10:30.';
    const response = await postJson(tiny, '/api/v1/translate', {
      text,
      source_language: 'eng_Latn',
      target_language: 'fra_Latn',
    });
    expect(response.statusCode).toBe(200);
    const translated = response.json<{ translated_text: string }>().translated_text;
    for (const span of ['{name}', '%d', '@amina', '10:30']) {
      expect(translated.split(span).length - 1, span).toBe(1);
    }
    const metrics = (await tiny.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/sema_translation_whole_sentences_total\{outcome="(fallback|whole)"\} [1-9]/);
  });
});

describe('whole sentences turned off (SEMA_WHOLE_SENTENCES=off)', () => {
  let cutting: App;
  beforeAll(async () => {
    cutting = await buildTestApp({ ...served.translator.settings, SEMA_WHOLE_SENTENCES: 'off' });
  }, 60_000);
  afterAll(async () => {
    await cutting?.close();
  });

  it('cuts the sentence around its spans, as before', async () => {
    const response = await postJson(cutting, '/api/v1/translate', {
      text: 'Ask @amina about it today.',
      source_language: 'eng_Latn',
      target_language: 'swh_Latn',
    });
    expect(response.json<{ translated_text: string }>().translated_text).toBe('ASK @amina ABOUT IT TODAY.');
    expect(served.translator.sentences()).toEqual(['Ask', 'about it today.']);
  });
});
