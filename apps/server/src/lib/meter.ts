/**
 * The one way work is charged to the client that asks for it (an API key, or a web session's
 * address budget), on every surface: Sema's API, LibreTranslate, DeepL, OpenAI's chat and Responses,
 * documents and the web app. A route never charges: it takes its request's meter
 * (`app.apiKeys.meter(request)`) and hands it to the use case (text translation, a document, a chat
 * turn), which admits the characters it is asked to translate before any work, spends what it
 * delivers beyond that (a chat answer), and gives back what it admitted when the work fails.
 */

/** What a meter admitted, handed to work that outlives its request (a document job) to give back. */
export interface MeterCharge {
  keyId: string;
  chars: number;
  /** The month it was counted in (`2026-11`). */
  month: string;
}

export interface Meter {
  /**
   * Counts `characters` before the work they ask for; throws the quota refusal (429
   * QUOTA_EXCEEDED, which each protocol words its own way) when that would pass the limit, and then
   * counts nothing.
   */
  admit(characters: number): Promise<void>;
  /**
   * Counts characters already delivered (a chat answer), even past the limit: the client has them,
   * so the next request is the one refused. Never throws.
   */
  spend(characters: number): Promise<void>;
  /** Gives back everything admitted so far (the work failed); once: later calls give nothing. */
  refund(): Promise<void>;
  /**
   * Takes what was admitted off this meter for work that outlives the request (a document job),
   * which then gives it back itself if it fails: this meter's `refund` no longer does.
   */
  handOver(): MeterCharge | undefined;
}

/** Work nobody pays for: a server without keys, or work inside other work that pays (a chat turn's translations). */
export const UNMETERED: Meter = {
  admit: async () => {},
  spend: async () => {},
  refund: async () => {},
  handOver: () => undefined,
};
