/**
 * `demoSnapshot({ apiKey })`: OpenCart 4.1.0.4's demo shop as a store snapshot, which every store loads
 * (`memoryStore(snapshot)`, or `loadSnapshot(pool, snapshot)` into PostgreSQL).
 * @module
 */
import { demoStore } from '../adapters/memory/demo-store.js';
import type { StoreSnapshot } from '../adapters/memory/memory-store.js';
import { minApiKeyLength } from '../adapters/system/api-key-hash.js';
import type { ApiSigning } from '../domain/records/api-user.js';

/** Options of {@link demoSnapshot}. */
export interface DemoSnapshotOptions {
  /**
   * The secret key of API user 1 `demo`, at least 32 characters (`generateApiKey()` makes one). Required: a
   * demo whose key nobody knows answers every login 401, so an empty or missing key throws here.
   */
  readonly apiKey: string;
  /** The addresses `demo` may call from; default `127.0.0.1` and `::1`. */
  readonly ips?: readonly string[] | undefined;
  /** `opencart`: `demo` may sign its requests as OpenCart 4.1's clients do, with the key as the secret. */
  readonly signing?: ApiSigning | undefined;
}

/**
 * A fresh copy of the demo store, its settings and extension settings included: every call builds new tables
 * (orders placed in one never show in another). Throws a `RangeError` when the key is missing, empty or
 * shorter than 32 characters.
 *
 * @example
 * ```ts
 * const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey: generateApiKey() })) });
 * ```
 */
export function demoSnapshot(options: DemoSnapshotOptions): StoreSnapshot {
  const apiKey = (options as Partial<DemoSnapshotOptions> | undefined)?.apiKey;
  if (typeof apiKey !== 'string' || apiKey === '') {
    throw new RangeError(
      `demoSnapshot: apiKey is ${apiKey === '' ? 'empty' : 'missing'}: give API user demo a key of at least ${minApiKeyLength} characters (generateApiKey() makes one), or nobody can log in`,
    );
  }
  const { data } = demoStore({ apiKey });
  const demo = data.apiUsers.get(1);
  if (demo !== undefined && (options.ips !== undefined || options.signing !== undefined)) {
    data.apiUsers.set(1, {
      ...demo,
      ...(options.ips === undefined ? {} : { ips: [...options.ips] }),
      // The signing secret is the key itself: an HMAC cannot be checked against the key's hash.
      ...(options.signing === undefined ? {} : { signing: options.signing, signingSecret: apiKey }),
    });
  }
  return data;
}
