/**
 * The ids of the events the order repositories store: UUIDv7s, time-ordered and unique.
 * @module
 */
import { V7Generator } from 'uuidv7';
import { randomPool } from './system/web-crypto.js';

/** Random 32-bit words from the CSPRNG, taken from a pool of random bytes (see `randomPool`). */
function pooledWords(): { nextUint32(): number } {
  const take = randomPool();
  return {
    nextUint32() {
      const [a = 0, b = 0, c = 0, d = 0] = take(4);
      return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
    },
  };
}

/** One generator for the process's event ids, so ids written within a millisecond still come in order. */
const generator = new V7Generator(pooledWords());

/** A new event id: a UUIDv7 (time-ordered; random bits from the CSPRNG). */
export function newEventId(): string {
  return generator.generate().toString();
}
