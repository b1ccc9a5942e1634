/**
 * Random ids from the runtime's CSPRNG (Web Crypto's `getRandomValues`, on every runtime).
 * @module
 */
import type { IdGenerator, IdKind } from '../../ports/id-generator.js';
import { base64url, randomPool } from './web-crypto.js';

/** Random bytes per id kind: session ids are secrets (192 bits); cart line ids need only be unique (96 bits). */
const BYTES: Readonly<Record<IdKind, number>> = { session: 24, cart: 12 };

/**
 * An {@link IdGenerator} drawing ids from the operating system's CSPRNG, written in base64url
 * (`[A-Za-z0-9_-]`, no padding): 32 characters for a session, 16 for a cart line. Each generator draws its own
 * pool of random bytes.
 */
export function createRandomIdGenerator(): IdGenerator {
  const take = randomPool();
  return {
    // An unknown kind (from untyped code) gets the session size: erring towards the secret is the safe side.
    newId: (kind: IdKind) => base64url(take(BYTES[kind] ?? BYTES.session)),
  };
}
