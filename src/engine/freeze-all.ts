/**
 * Freezing what the engine hands over for keeps (offers shared between sessions, an order draft a repository
 * stores): the one deep-freeze helper every layer uses, under the name the engine's modules know it by.
 * @module
 */
export { deepFreeze as freezeAll } from '../domain/deep-freeze.js';
