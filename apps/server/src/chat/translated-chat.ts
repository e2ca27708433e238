/**
 * Chat in the user's language, as one server-side turn: detect the message's language (the
 * conversation's earlier language wins for a short message detected with little confidence),
 * translate the question (and earlier turns the client did not keep in English) to English, stream
 * the model's English answer, and translate each finished unit — sentence, list item, table row,
 * never inside code, a URL or a link target — back while the rest is still being written.
 *
 * Every surface uses this one pipeline: our `/api/v1/chat/translated`, the OpenAI-compatible
 * `/v1/chat/completions`, and the web app (one request per turn).
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ChatMessage } from '@sema/shared/api/chat';
import type {
  TranslatedChatEvent,
  TranslatedChatMessage,
  TranslatedChatTimings,
} from '@sema/shared/api/translated-chat';
import { documentPrompt, type DocumentText } from '@sema/shared/chat/document-context';
import { AUTO, isBlank } from '@sema/shared/validation';
import {
  ENGLISH,
  isSureOf,
  letterCount,
  resolveSource,
  SHORT_MESSAGE_LETTERS,
  type Detect,
} from '../detection/source-language.ts';
import { ApiError } from '../lib/errors.ts';
import type { Tenant } from '../lib/tenant.ts';
import { conversationCharacters, meteredAnswer } from './chat-meter.ts';
import { UNMETERED, type Meter } from '../lib/meter.ts';
import type { ChatService } from './chat-service.ts';
import { conversationWindow } from './conversation-window.ts';
import type { GenerationOptions } from './generation-options.ts';
import { turnAnswer } from './turn-answer.ts';

/** What the pipeline needs from the rest of the server (the services on `app`). */
export interface TranslatedChatDeps {
  chat: Pick<ChatService, 'stream'>;
  /** The detector's answer for a text, or null when it has no letters of a supported script. */
  detect: Detect;
  /** A language code as the API takes it → the catalogue code, or a 422 naming it. */
  resolveLanguage(code: string): string;
  /** Translates a text (protected spans kept, and a stored glossary applied) between two catalogue codes. */
  translate(
    text: string,
    source: string,
    target: string,
    signal: AbortSignal,
    glossary?: GlossaryRef,
  ): Promise<string>;
  /** A stored glossary's language pair, or undefined when the tenant has no such glossary. */
  glossaryPair(glossary: GlossaryRef): Promise<{ source: string; target: string } | undefined>;
  /** The one limit of a chat turn: characters over all its messages, whatever their language. */
  maxInputChars: number;
  /** The longest text `translate` takes: a longer message is translated in pieces under it. */
  maxTextChars: number;
}

/** A stored glossary as the tenant that asks for it names it. */
export interface GlossaryRef {
  id: string;
  tenant: Tenant;
}

export interface TranslatedTurnRequest extends GenerationOptions {
  messages: readonly TranslatedChatMessage[];
  /** A code, or `auto` (the default). */
  language?: string;
  /** The conversation's language so far, when the client knows it (else earlier messages are detected). */
  conversationLanguage?: string;
  /** A document the last message is about, already in English. */
  document?: DocumentText;
  /**
   * A stored glossary, used for the direction it is made for: the question (user's language →
   * English) or the answer (English → user's language).
   */
  glossaryId?: string;
  /** Who asks (lib/tenant.ts): the glossary is looked up among its own and the shared ones. */
  tenant: Tenant;
  /** Charges the asking key: the conversation before any work, the answer as delivered (chat-meter.ts). */
  meter?: Meter;
  /** Aborts when the client asks to stop: the model stops, what it wrote is translated (turn-answer.ts). */
  interrupted?: AbortSignal;
}

type Language = Extract<TranslatedChatEvent, { type: 'language' }>;

/**
 * Answers this server gave, in the user's language, mapped back to the English the model wrote, so
 * that a client sending the conversation back (every OpenAI client does) costs no translation of
 * earlier answers into English. Per process; a miss is translated like any other text.
 */
class AnswerMemory {
  private readonly english = new LRUCache<string, string>({ max: 2_000 });

  private key(language: string, text: string): string {
    return createHash('sha256').update(language).update('\0').update(text.trim()).digest('base64url');
  }

  remember(language: string, translated: string, english: string): void {
    if (translated.trim()) this.english.set(this.key(language, translated), english);
  }

  recall(language: string, translated: string): string | undefined {
    return this.english.get(this.key(language, translated));
  }
}

export class TranslatedChat {
  private readonly memory = new AnswerMemory();

  constructor(private readonly deps: TranslatedChatDeps) {}

  /**
   * One turn as events: `language`, `question`, then `reasoning` / `english` / `translation` as
   * they come, and `done`. Input errors (and a language that cannot be read) throw before the first
   * event; later failures throw from the iterator (the route turns them into an `error` event).
   * `signal` (the client gone, the server stopping) stops the model and the translations.
   */
  async *turn(request: TranslatedTurnRequest, signal: AbortSignal): AsyncGenerator<TranslatedChatEvent> {
    const started = performance.now();
    const since = () => Math.round(performance.now() - started);
    const last = request.messages.at(-1);
    if (last?.role !== 'user')
      throw new ApiError(422, 'VALIDATION_ERROR', 'The last message must be from the user');
    if (isBlank(last.content))
      throw new ApiError(422, 'VALIDATION_ERROR', 'The last message must not be empty');

    // The conversation the model sees (conversation-window.ts): older turns past the limit left out.
    const window = conversationWindow(
      request.messages,
      this.deps.maxInputChars,
      (message) => (message.english ?? message.content).length,
    );
    const language = this.language(request, last.content);
    const meter = request.meter ?? UNMETERED;
    await meter.admit(conversationCharacters(window));
    const glossaries = await this.glossaries(request, language.language);
    const timings: Partial<TranslatedChatTimings> = { language: since() };
    yield language;

    const messages = await this.englishConversation(window, language.language, signal, glossaries.toEnglish);
    const question = messages.at(-1)!.content;
    timings.question = since();
    yield { type: 'question', english: question };
    // The model reads the document (in English) before the question.
    if (request.document) messages.at(-1)!.content = documentPrompt(request.document, question);

    const translating = language.language !== ENGLISH;
    const { fromEnglish } = glossaries;
    yield* meteredAnswer(
      turnAnswer({
        chat: this.deps.chat,
        messages,
        options: request,
        signal,
        ...(request.interrupted ? { interrupted: request.interrupted } : {}),
        ...(translating
          ? {
              translateBack: (piece: string) =>
                this.deps.translate(piece, ENGLISH, language.language, signal, fromEnglish),
              onTranslated: (translated: string, english: string) =>
                this.memory.remember(language.language, translated, english),
            }
          : {}),
        since,
        timings,
      }),
      meter,
      (event) => (event.type === 'translation' || event.type === 'reasoning' ? event.text.length : 0),
    );
  }

  /** Which direction a stored glossary serves in this conversation; a refusal when neither. */
  private async glossaries(
    request: TranslatedTurnRequest,
    language: string,
  ): Promise<{ toEnglish?: GlossaryRef; fromEnglish?: GlossaryRef }> {
    const id = request.glossaryId;
    if (id === undefined) return {};
    const glossary = { id, tenant: request.tenant };
    const pair = await this.deps.glossaryPair(glossary);
    if (!pair) {
      throw new ApiError(
        404,
        'GLOSSARY_NOT_FOUND',
        `glossary_id: no glossary "${id.slice(0, 64)}" on this server`,
      );
    }
    if (pair.source === language && pair.target === ENGLISH) return { toEnglish: glossary };
    if (pair.source === ENGLISH && pair.target === language) return { fromEnglish: glossary };
    throw new ApiError(
      422,
      'GLOSSARY_MISMATCH',
      `glossary_id: the glossary is for ${pair.source} → ${pair.target}; this conversation is in ${language} and English`,
    );
  }

  private language(request: TranslatedTurnRequest, text: string): Language {
    const asked = request.language?.trim();
    const given = asked && asked !== AUTO ? this.deps.resolveLanguage(asked) : AUTO;
    // A message mixing English with another language (a chat app's title prompt around the
    // conversation) is in the other language: its English parts stay as they are.
    const parts = given === AUTO ? this.parts(text) : [];
    const foreign = parts.filter((part) => !part.english).map((part) => part.text);
    const decision = resolveSource(this.deps.detect, given, {
      rule: 'conversation',
      text: foreign.length > 0 && parts.length > 1 ? foreign.join('') : text,
      message: text,
      ...(request.conversationLanguage
        ? { conversationLanguage: this.deps.resolveLanguage(request.conversationLanguage) }
        : {}),
      earlier: request.messages
        .slice(0, -1)
        .flatMap((message) => (message.role === 'user' ? [message.content] : [])),
    })!;
    return {
      type: 'language',
      language: decision.language,
      ...(decision.origin === 'detected' ? { confidence: decision.confidence } : {}),
      language_source: decision.origin,
    };
  }

  /**
   * The conversation as the model reads it: system messages as they are (written for the model),
   * the rest in English — the client's own English when it kept it, this server's memory of its
   * answers, or a translation (cached like every translation).
   */
  private async englishConversation(
    messages: readonly TranslatedChatMessage[],
    language: string,
    signal: AbortSignal,
    glossary?: GlossaryRef,
  ): Promise<ChatMessage[]> {
    return Promise.all(
      messages.map(async (message): Promise<ChatMessage> => {
        const { role, content } = message;
        if (role === 'system' || language === ENGLISH || isBlank(content)) {
          return { role, content: message.english ?? content };
        }
        const english =
          message.english ??
          (role === 'assistant' ? this.memory.recall(language, content) : undefined) ??
          (await this.englishOf(content, language, signal, glossary));
        return { role, content: english };
      }),
    );
  }

  /**
   * A message's lines, consecutive lines of the same kind together: English (the detector sure of it
   * on enough letters) or not.
   */
  private parts(text: string): Array<{ text: string; english: boolean }> {
    // Each line is English, not English, or too short to tell (a heading, a line of symbols): those
    // go with the line before them (or, at the start, the first line that can be told).
    const lines = text.split(/(?<=\n)/).map((line) => {
      if (letterCount(line) < SHORT_MESSAGE_LETTERS) return { text: line, english: undefined };
      const detection = this.deps.detect(line);
      return { text: line, english: isSureOf(detection, line) && detection.language === ENGLISH };
    });
    let kind = lines.find((line) => line.english !== undefined)?.english ?? false;
    const parts: Array<{ text: string; english: boolean }> = [];
    for (const line of lines) {
      kind = line.english ?? kind;
      const last = parts.at(-1);
      if (last && last.english === kind) last.text += line.text;
      else parts.push({ text: line.text, english: kind });
    }
    return parts;
  }

  /**
   * A message in English: its English parts as they are, the rest translated from `language` in
   * pieces under the text limit (a chat message may be as long as the chat limit allows).
   */
  private async englishOf(
    content: string,
    language: string,
    signal: AbortSignal,
    glossary?: GlossaryRef,
  ): Promise<string> {
    const translate = async (text: string) => {
      if (isBlank(text)) return text;
      // Whitespace around a piece (the line breaks between parts) is kept, not translated.
      const [, before, core, after] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
      const pieces = piecesUnder(core!, this.deps.maxTextChars);
      const translated = await Promise.all(
        pieces.map((piece) =>
          isBlank(piece) ? piece : this.deps.translate(piece, language, ENGLISH, signal, glossary),
        ),
      );
      return `${before}${translated.join(' ')}${after}`;
    };
    const parts = this.parts(content);
    const english = await Promise.all(parts.map((part) => (part.english ? part.text : translate(part.text))));
    return english.join('');
  }
}

/**
 * `text` cut into pieces of at most `limit` characters: at paragraph and sentence ends where it can,
 * else at a space, else anywhere (the pieces are translated one by one and joined with a space).
 */
export function piecesUnder(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const at = Math.max(
      window.lastIndexOf('\n'),
      ...['. ', '! ', '? ', '。'].map((end) => {
        const index = window.lastIndexOf(end);
        return index < 0 ? -1 : index + end.length - 1;
      }),
    );
    const cut =
      at > limit / 2 ? at + 1 : window.lastIndexOf(' ') > limit / 2 ? window.lastIndexOf(' ') : limit;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trimStart();
  }
  pieces.push(rest);
  return pieces.filter((piece) => piece.length > 0);
}
