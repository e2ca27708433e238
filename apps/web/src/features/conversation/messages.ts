import type { ChatReply } from '@/features/chat';
import type { MessageBase } from './types';
import type { DocumentReply } from '@/features/documents';

/** What a translation translated: the text and both languages (the source as detected). */
export interface TranslationData {
  sourceText: string;
  sourceLanguage: string;
  targetLanguage: string;
  translatedText: string;
}

/** What the person sent. */
export interface UserMessage extends MessageBase {
  role: 'user';
  kind: 'user';
}

/** A reply whose handler has not said anything yet: three dots. */
export interface PendingReply extends MessageBase {
  role: 'assistant';
  kind: 'pending';
  isLoading: true;
}

/** What a reply sent without a network says while it waits (not its content: nothing to copy). */
export const QUEUED_TEXT = 'Waiting for a connection: this will be sent when you are back online.';

/** What a waiting message will be sent as (a dropped file stays in the tab's memory only). */
export interface QueuedRequest {
  mode: 'chat' | 'translate';
  text: string;
  sourceLanguage: string;
  targetLanguage: string;
}

/**
 * Sent while the device had no network: it goes out, in order, when the connection returns, also
 * after the page was closed and opened again (the request is kept with the conversation).
 */
export interface QueuedReply extends MessageBase {
  role: 'assistant';
  kind: 'queued';
  request: QueuedRequest;
  /** A file went with it: it can only be sent from the tab that holds the file. */
  hasFile?: boolean;
}

/** Translate mode with text: the translation, or 'Translation failed' with the reason. */
export interface TranslationReply extends MessageBase {
  role: 'assistant';
  kind: 'translation';
  /** Set once translated. */
  translationData?: TranslationData;
  /** The source, when Auto Detect found it, and how sure the detector was (0–1). */
  detectedLanguage?: string;
  detectionConfidence?: number;
  /** Why it failed (or was cancelled), in plain words, under the spec's message. */
  errorDetail?: string;
  /** The server's own wording and code, behind a "Details" disclosure. */
  technicalDetail?: string;
  /** Trying again cannot help: the note says what to do instead of "Please try again". */
  finalFailure?: true;
}

/** Chat mode: the flow's reply as it streams (the flow result once it is over). */
export interface ChatAnswerReply extends MessageBase {
  role: 'assistant';
  kind: 'chat';
  chat: ChatReply;
}

/** Translate mode with a file: progress, then the preview and download, or the server's reason. */
export interface DocumentResultReply extends MessageBase {
  role: 'assistant';
  kind: 'document';
  document: DocumentReply;
  detectedLanguage?: string;
  technicalDetail?: string;
  /** Text was typed beside the file: a document is translated as it is, so the text was not used. */
  textNotUsed?: boolean;
}

/** A send that failed outside any handler's own steps (the default flow error). */
export interface FailedReply extends MessageBase {
  role: 'assistant';
  kind: 'failure';
  error: true;
  errorDetail?: string;
  technicalDetail?: string;
}

/** Every message of the home screen's conversation, one variant per kind with exactly its fields. */
export type ConversationMessage =
  | UserMessage
  | PendingReply
  | QueuedReply
  | TranslationReply
  | ChatAnswerReply
  | DocumentResultReply
  | FailedReply;

type Reply = Exclude<ConversationMessage, UserMessage>;
/** Omit over each member of a union, so the result stays a union the compiler can narrow. */
type ContentOf<R> = R extends unknown ? Omit<R, 'id' | 'timestamp' | 'role'> : never;
/** What a send handler gives its reply: one of the reply kinds, without id, time and role. */
export type ReplyContent = ContentOf<Reply>;
