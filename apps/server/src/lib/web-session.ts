/**
 * Session tokens for the web app this server serves: with API keys on, the page asks for one
 * (POST /api/v1/session) and sends it instead of a key. A token is `expiry.nonce.mac`, the MAC an
 * HMAC-SHA256 over the expiry, the nonce and the client address it was given to, under the server's
 * secret: it lasts an hour, works only from that address, and spends that address's monthly budget
 * (so asking for more tokens gives no more characters). Nothing is stored; any process holding the
 * same secret accepts it.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KnownKey } from './api-keys.ts';

/** How long a token lasts; the page asks for a new one when it runs out. */
export const SESSION_TTL_MS = 60 * 60 * 1000;

/** True for the budget of a web session (a client address's), not a configured key's. */
export const isWebBudget = (key: KnownKey) => key.id.startsWith('web-');

export type SessionCheck = 'valid' | 'expired' | 'invalid';

export class WebSessions {
  private readonly secret: Buffer;

  constructor(
    secret: string | undefined,
    /** Characters one client address may translate through the web app per month. */
    private readonly monthlyChars: number,
  ) {
    // Without a configured secret, tokens hold only in this process (and until it restarts).
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  issue(address: string, now = Date.now()): { token: string; expiresAt: Date } {
    const expiry = Math.floor((now + SESSION_TTL_MS) / 1000).toString(36);
    const nonce = randomBytes(9).toString('base64url');
    return {
      token: `${expiry}.${nonce}.${this.mac(expiry, nonce, address)}`,
      expiresAt: new Date(parseInt(expiry, 36) * 1000),
    };
  }

  check(token: string, address: string, now = Date.now()): SessionCheck {
    const [expiry, nonce, mac, extra] = token.split('.');
    if (!expiry || !nonce || !mac || extra !== undefined) return 'invalid';
    const expected = Buffer.from(this.mac(expiry, nonce, address));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return parseInt(expiry, 36) * 1000 > now ? 'valid' : 'expired';
  }

  /** The budget a session spends: its client address's, never the token's own. */
  budgetOf(address: string): KnownKey {
    const id = createHash('sha256').update(`web:${address}`).digest('hex').slice(0, 16);
    return { id: `web-${id}`, monthlyChars: this.monthlyChars };
  }

  private mac(expiry: string, nonce: string, address: string): string {
    return createHmac('sha256', this.secret).update(`${expiry}.${nonce}.${address}`).digest('base64url');
  }
}
