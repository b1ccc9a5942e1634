/**
 * Migration 6: the signing secrets of API users who sign their requests as OpenCart 4.1's clients do.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `api_signing`: one row per signing user, apart from `api` and its key hash, because the secret has to be
 * stored as it is (an HMAC is checked with the secret itself, not a hash of it). A table of its own lets a host
 * grant access to it more narrowly than to `api`; users without a row log in.
 */
export const apiSigningMigration: Migration = {
  version: 6,
  name: 'api signing',
  sql: `
CREATE TABLE api_signing (
  api_id INTEGER PRIMARY KEY REFERENCES api ON DELETE CASCADE,
  scheme TEXT NOT NULL CHECK (scheme IN ('opencart')),
  secret TEXT NOT NULL CHECK (secret <> '')
);
`,
};
