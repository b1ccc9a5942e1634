/**
 * The system adapters: the real clock, random ids, and making, hashing and checking API keys, all from Node's
 * standard library (which Bun, Deno and Cloudflare Workers provide too).
 * @module
 */
export { generateApiKey, hashApiKey, minApiKeyLength, verifyApiKey } from './api-key-hash.js';
export { createSystemClock } from './clock.js';
export { createRandomIdGenerator } from './id-generator.js';
