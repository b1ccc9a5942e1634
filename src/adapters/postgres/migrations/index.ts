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
import { outboxMigration } from './008-outbox.js';
import { orderPaymentsMigration } from './009-order-payments.js';
import { outboxMarkMigration } from './010-outbox-mark.js';
import { writeEventsMigration } from './011-write-events.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/**
 * The migrations `migrate` applies, oldest first. Versions may leave gaps (a version is never reused): each is
 * applied when it is not recorded, whatever came before it.
 */
export const migrations: readonly Migration[] = [
  catalogMigration,
  directoriesMigration,
  ordersMigration,
  orderLoginMigration,
  discountTypeMigration,
  apiSigningMigration,
  changeNoticesMigration,
  outboxMigration,
  orderPaymentsMigration,
  outboxMarkMigration,
  writeEventsMigration,
];
