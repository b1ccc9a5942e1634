/**
 * The storefront's own sessions: the browser holds a random id in the storefront's cookie, and this table maps it
 * to the checkout session it shops in, with the orders it placed. The checkout's session id never leaves the
 * server, and no API key ever reaches the browser. One process keeps the table in memory, bounded; a storefront
 * on several servers keeps it where it keeps its other sessions (Redis, its database).
 */

/** What the storefront remembers of one shopper. */
export interface ShopSession {
  /** The cookie's value. */
  readonly id: string;
  /** The checkout session the shopper's cart lives in; undefined until the first call that needs one. */
  checkoutSessionId: string | undefined;
  /** The orders placed from this browser, the only ones it may read back. */
  readonly orders: number[];
  /**
   * The last order placed and the `Idempotency-Key` it was placed with: the page repeats a confirm whose answer
   * it lost, and that repeat must answer the same order, although its cart was already emptied.
   */
  lastConfirm: { readonly key: string; readonly orderId: number } | undefined;
  /** When it was last used (ms since the epoch), for expiry. */
  lastSeen: number;
}

/** The table of shoppers. */
export interface ShopSessions {
  /** The shopper of `id`, unless unknown or idle past the time to live. */
  find(id: string | undefined, now: number): ShopSession | undefined;
  /** A new shopper with a fresh random id. */
  create(now: number): ShopSession;
}

/** Options of {@link createShopSessions}. */
export interface ShopSessionOptions {
  /** Idle time after which a shopper is forgotten; default one hour, the checkout session's own default. */
  readonly ttlMs?: number | undefined;
  /** How many shoppers are kept at most; the least recently seen goes first. Default 10,000. */
  readonly limit?: number | undefined;
}

/** A random id of 32 bytes, base64url (43 characters). */
function randomId(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64url');
}

/** The ids the table hands out: base64url of 32 bytes, so a malformed cookie is never even looked up. */
const idPattern = /^[A-Za-z0-9_-]{43}$/;

/** A table of shoppers in memory, least recently seen first (a Map keeps insertion order). */
export function createShopSessions(options: ShopSessionOptions = {}): ShopSessions {
  const ttlMs = options.ttlMs ?? 3_600_000;
  const limit = options.limit ?? 10_000;
  const table = new Map<string, ShopSession>();
  return {
    find(id, now) {
      if (id === undefined || !idPattern.test(id)) return undefined;
      const session = table.get(id);
      if (session === undefined) return undefined;
      table.delete(id);
      if (now - session.lastSeen > ttlMs) return undefined;
      session.lastSeen = now;
      table.set(id, session);
      return session;
    },
    create(now) {
      const session: ShopSession = {
        id: randomId(),
        checkoutSessionId: undefined,
        orders: [],
        lastConfirm: undefined,
        lastSeen: now,
      };
      table.set(session.id, session);
      for (const oldest of table.keys()) {
        if (table.size <= limit) break;
        table.delete(oldest);
      }
      return session;
    },
  };
}
