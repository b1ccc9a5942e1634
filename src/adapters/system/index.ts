/**
 * The system adapters: the real clock, random ids and API-key hashing, all from Node's standard library.
 * @module
 */
export { hashApiKey, verifyApiKey } from './api-key-hash.js';
export { createSystemClock } from './clock.js';
export { createRandomIdGenerator } from './id-generator.js';
