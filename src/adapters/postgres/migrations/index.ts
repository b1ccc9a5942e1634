/**
 * Every migration, in version order.
 * @module
 */
import { catalogMigration } from './001-catalog.js';
import { directoriesMigration } from './002-directories.js';
import { ordersMigration } from './003-orders.js';
import { orderLoginMigration } from './004-order-login.js';
import { discountTypeMigration } from './005-discount-type.js';
import { apiSigningMigration } from './006-api-signing.js';
import { changeNoticesMigration } from './007-change-notices.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/** The migrations `migrate` applies, oldest first. */
export const migrations: readonly Migration[] = [
  catalogMigration,
  directoriesMigration,
  ordersMigration,
  orderLoginMigration,
  discountTypeMigration,
  apiSigningMigration,
  changeNoticesMigration,
];
