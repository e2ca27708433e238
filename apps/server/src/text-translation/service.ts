/**
 * The one home of text translation, used by every API surface (ours, LibreTranslate, DeepL) and by
 * any service that translates text (chat): it measures texts against the limits, resolves each
 * text's source (detecting it under auto), applies glossaries and markup, and finds alternatives.
 * Surfaces only read their protocol's fields into a {@link TextTranslationRequest} and answer its
 * results and {@link TextRefusalError}s in their protocol's shape.
 */
import { MAX_ALTERNATIVES } from '@sema/shared/api/schemas';
import { AUTO, isBlank } from '@sema/shared/validation';
import { UNMETERED, type Meter } from '../lib/meter.ts';
import type { Detector } from '../detection/detector.ts';
import { resolveSource } from '../detection/source-language.ts';
import type { GlossaryService } from '../glossaries/service.ts';
import type { TranslateParams, TranslationPipeline } from '../translation/pipeline.ts';
import { resolveGlossary, type GlossaryFields, type GlossaryFor } from './glossary.ts';
import { detectableText, PLAIN_TEXT, translateMarked, type MarkupOptions } from './markup.ts';
import { TextRefusalError, type TextRefusal } from './refusals.ts';

/** The one definition of each text limit (from the configuration). */
export interface TextLimits {
  /** Characters in one text. */
  maxTextChars: number;
  /** Texts in one request. */
  batchMaxTexts: number;
  /** Characters of all the texts of one request. */
  batchMaxChars: number;
}

/** What the service needs of the translation pipeline. */
export type Translator = Pick<TranslationPipeline, 'translateAll' | 'alternatives'>;

export interface TextTranslationRequest {
  /** One text, or a list of texts (a refusal then names the text by its index). */
  texts: string | readonly string[];
  /** A catalogue code, or `auto`: each text's language is then detected on its own (on its words only, for markup). */
  source: string;
  /** A catalogue code. */
  target: string;
  /** The request's own glossary entries and/or a stored glossary's id. */
  glossary?: GlossaryFields;
  /** Plain text (the default), HTML or XML. */
  markup?: MarkupOptions;
  /** How many other translations to find for each text (0 to `MAX_ALTERNATIVES`; plain text only). */
  alternatives?: number;
  /**
   * The asking client's meter (`app.apiKeys.meter(request)`): `run` admits the texts' characters
   * before any work and gives them back if the translation fails. None for work another use case
   * pays for (a chat turn's translations).
   */
  meter?: Meter;
}

/** One text's translation. */
export interface TextTranslation {
  text: string;
  /** The source language: the one given, or the detected one under auto. */
  source: string;
  /** Whether `source` was detected. */
  detected: boolean;
  /** The detection's confidence (0 to 1) under auto; 1 for a source given. */
  confidence: number;
  /** Other translations, best first, when asked for (fewer when the model finds fewer). */
  alternatives?: string[];
}

/** A request that passed every check, ready to run. */
export interface PreparedTexts {
  /** The characters of all its texts: what its meter admits. */
  readonly characters: number;
  /** Each text with its resolved source, in order. */
  readonly items: readonly { text: string; source: string; detected: boolean; confidence: number }[];
  /**
   * Admits the characters on the request's meter (refusing past the client's limit, before any
   * work), then translates every text as one piece of work (one cache lookup, one abort listener);
   * a translation that fails gives the characters back.
   */
  run(signal?: AbortSignal): Promise<TextTranslation[]>;
}

export interface TextTranslationDeps {
  limits: TextLimits;
  detector: Pick<Detector, 'detect' | 'undetected'>;
  translation: Translator;
  glossaries: GlossaryService;
}

/** Where a text is, for a refusal: by its index in a list, nothing for a request of one text. */
const placeOf = (input: string | readonly string[], index: number): { index?: number } =>
  typeof input === 'string' ? {} : { index };

export class TextTranslationService {
  readonly limits: TextLimits;

  constructor(private readonly deps: TextTranslationDeps) {
    this.limits = deps.limits;
  }

  /**
   * Checks a request and settles each text's source and glossary, refusing (a
   * {@link TextRefusalError}) at the first problem, in this order: the number of texts, each text
   * (empty, too long), all of them together, alternatives, the glossary fields, each text's source
   * (undetectable under auto), each text's glossary pair.
   */
  async prepare(request: TextTranslationRequest): Promise<PreparedTexts> {
    const texts = this.checkedTexts(request.texts);
    const at = (index: number) => placeOf(request.texts, index);
    const characters = texts.reduce((sum, text) => sum + text.length, 0);
    const markup = request.markup ?? PLAIN_TEXT;
    const wanted = request.alternatives ?? 0;
    if (!Number.isInteger(wanted) || wanted < 0 || wanted > MAX_ALTERNATIVES) {
      throw new TextRefusalError({ kind: 'alternatives-range', asked: wanted, limit: MAX_ALTERNATIVES });
    }
    if (wanted > 0 && markup.format !== 'text') throw new TextRefusalError({ kind: 'alternatives-format' });
    const glossaryFor = await resolveGlossary(this.deps.glossaries, request.glossary);

    const items = texts.map((text, index) => ({
      text,
      ...this.source(text, request.source, markup, at(index)),
    }));
    const work: TranslateParams[] = items.map((item, index) => {
      const glossary = glossaryFor(item.source, request.target, at(index).index);
      return {
        text: item.text,
        source: item.source,
        target: request.target,
        ...(glossary ? { glossary } : {}),
      };
    });
    const meter = request.meter ?? UNMETERED;
    return {
      characters,
      items,
      run: async (signal) => {
        await meter.admit(characters);
        try {
          return await this.run(items, work, markup, wanted, signal);
        } catch (error) {
          await meter.refund();
          throw error;
        }
      },
    };
  }

  /** Prepares and runs a request in one call (chat's translations, whose turn is metered as a whole). */
  async translate(request: TextTranslationRequest, signal?: AbortSignal): Promise<TextTranslation[]> {
    return (await this.prepare(request)).run(signal);
  }

  /**
   * One text checked against the same rules as a translation's (not empty, within the per-text
   * limit), well-formed: what the detect routes take.
   */
  checkText(text: string): string {
    const [checked] = this.checkedTexts(text);
    return checked!;
  }

  /** The glossary fields of a request that is not text (a document): which glossary applies to a pair. */
  glossaryFor(fields: GlossaryFields): Promise<GlossaryFor> {
    return resolveGlossary(this.deps.glossaries, fields);
  }

  /** The texts, well-formed; or a refusal: too many, one empty or too long, too many characters in all. */
  private checkedTexts(input: string | readonly string[]): string[] {
    const texts = (typeof input === 'string' ? [input] : input).map((text) => text.toWellFormed());
    const at = (index: number) => placeOf(input, index);
    const { maxTextChars, batchMaxTexts, batchMaxChars } = this.limits;
    if (texts.length === 0) throw new TextRefusalError({ kind: 'no-texts' });
    if (texts.length > batchMaxTexts) {
      throw new TextRefusalError({ kind: 'too-many-texts', count: texts.length, limit: batchMaxTexts });
    }
    let total = 0;
    texts.forEach((text, index) => {
      if (isBlank(text)) throw new TextRefusalError({ kind: 'empty', ...at(index) });
      if (text.length > maxTextChars) {
        throw new TextRefusalError({
          kind: 'too-long',
          length: text.length,
          limit: maxTextChars,
          ...at(index),
        });
      }
      total += text.length;
    });
    if (total > batchMaxChars) {
      throw new TextRefusalError({ kind: 'too-long-in-all', total, limit: batchMaxChars });
    }
    return texts;
  }

  /** A text's source: as given, or detected on its words; text no language can be detected in is refused. */
  private source(
    text: string,
    source: string,
    markup: MarkupOptions,
    where: { index?: number },
  ): { source: string; detected: boolean; confidence: number } {
    const words = source === AUTO ? detectableText(text, markup) : text;
    const decision = resolveSource((sample) => this.deps.detector.detect(sample), source, {
      rule: 'text',
      text: words,
    });
    if (!decision) {
      const refusal: TextRefusal = {
        kind: 'undetectable',
        why: this.deps.detector.undetected(words),
        ...where,
      };
      throw new TextRefusalError(refusal);
    }
    return {
      source: decision.language,
      detected: decision.origin === 'detected',
      confidence: decision.confidence,
    };
  }

  private async run(
    items: PreparedTexts['items'],
    work: readonly TranslateParams[],
    markup: MarkupOptions,
    wanted: number,
    signal: AbortSignal | undefined,
  ): Promise<TextTranslation[]> {
    const { translation } = this.deps;
    const translated = await translateMarked(translation, work, markup, signal);
    const alternatives =
      wanted > 0
        ? await Promise.all(
            work.map((params, index) => translation.alternatives(params, wanted, translated[index]!, signal)),
          )
        : undefined;
    return items.map((item, index) => ({
      text: translated[index]!,
      source: item.source,
      detected: item.detected,
      confidence: item.confidence,
      ...(alternatives ? { alternatives: alternatives[index]! } : {}),
    }));
  }
}
