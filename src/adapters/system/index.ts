/**
 * The system adapters: the real clock, random ids, and making, hashing and checking API keys, all from
 * Web-standard globals, so they run on Node, Bun, Deno, Cloudflare Workers and edge runtimes alike.
 * @module
 */
export { generateApiKey, hashApiKey, minApiKeyLength, verifyApiKey } from './api-key-hash.js';
export { createSystemClock } from './clock.js';
export { createRandomIdGenerator } from './id-generator.js';
