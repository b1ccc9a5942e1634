/**
 * The ids of the events the order repositories store: UUIDv7s, time-ordered and unique.
 * @module
 */
import { V7Generator } from 'uuidv7';

/** Random words drawn from the CSPRNG at a time (4 KB). */
const POOL_WORDS = 1024;

/**
 * Random 32-bit words from the CSPRNG (Web Crypto's, on every runtime), drawn a pool at a time: the generator
 * asks for a word or more per id, and each call to `getRandomValues` costs about as much as drawing kilobytes.
 * No word is used twice.
 */
function pooledWords(): { nextUint32(): number } {
  let pool: Uint32Array = new Uint32Array(0);
  let next = 0;
  return {
    nextUint32() {
      if (next >= pool.length) {
        pool = crypto.getRandomValues(new Uint32Array(POOL_WORDS));
        next = 0;
      }
      return pool[next++] as number;
    },
  };
}

/** One generator for the process's event ids, so ids written within a millisecond still come in order. */
const generator = new V7Generator(pooledWords());

/** A new event id: a UUIDv7 (time-ordered; random bits from the CSPRNG). */
export function newEventId(): string {
  return generator.generate().toString();
}
