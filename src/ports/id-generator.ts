/**
 * The id-generator port.
 * @module
 */

/** What an id is for: session ids are secrets and must be unguessable; cart line ids need only be unique. */
export type IdKind = 'session' | 'cart';

/**
 * The only source of new ids. Contract: ids never repeat within a kind; `session` ids are at least 128 bits of
 * randomness written with `[A-Za-z0-9_-]` only (they travel in cookies and query strings).
 * `describeIdGeneratorContract` in `cartwright/testing` checks both.
 */
export interface IdGenerator {
  /** A new id of the given kind, never issued before. */
  newId(kind: IdKind): string;
}
