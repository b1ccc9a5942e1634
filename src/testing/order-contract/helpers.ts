/**
 * Shared pieces of the order-repository contract cases: the seed's ids, stock readers and outcome checks.
 * @module
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { OrderRecord } from '../../domain/records/order.js';
import type { Catalog } from '../../ports/catalog.js';
import type { OrderRepository } from '../../ports/order-repository.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import type { OrderRepositoryFixture } from '../order-repository-fixture.js';

import { expectStock } from '../stock-checks.js';

export { expectStock, putBack, take } from '../stock-checks.js';

/** Registers one case that runs on a fresh fixture. */
export type OrderCase = (title: string, body: (fixture: OrderRepositoryFixture) => Promise<void>) => void;

/** The ids and figures the cases rely on: the suite's seed holds them, and so does the OpenCart demo store. */
export const demo = {
  /** iPhone: a million in stock. */
  iphone: 40,
  iphoneStock: 1_000_000,
  /** Canon EOS 5D: a million in stock, option 226 ("Select") with values 15 Red and 16 Blue (a million each). */
  canon: 30,
  canonStock: 1_000_000,
  red: 15,
  redStock: 1_000_000,
  blue: 16,
  blueStock: 1_000_000,
  couponCode: '2222',
  customerId: 1,
  otherCustomerId: 2,
  customerPoints: 1000,
} as const;

/** Short description of an outcome for failure messages. */
export function describeOutcome(outcome: { readonly status: string }): string {
  if ('order' in outcome && typeof outcome.order === 'object' && outcome.order !== null) {
    const order = outcome.order as { orderId?: unknown; revision?: unknown };
    return `${outcome.status} (order ${String(order.orderId)}, revision ${String(order.revision)})`;
  }
  return JSON.stringify(outcome);
}

/** Asserts the outcome's status and narrows it. */
export function expectOutcome<O extends { readonly status: string }, S extends O['status']>(
  outcome: O,
  status: S,
  when: string,
): Extract<O, { readonly status: S }> {
  if (outcome.status !== status) assert.fail(`${when}: expected ${status}, got ${describeOutcome(outcome)}`);
  return outcome as Extract<O, { readonly status: S }>;
}

/** Creates the sample order (one iPhone, first history entry at the sample status) and answers it. */
export async function createSampleOrder(orders: OrderRepository, when = 'create'): Promise<OrderRecord> {
  return expectOutcome(await orders.create(sampleOrderDraft(), sampleHistoryWrite()), 'created', when).order;
}

/** Asserts that the fixture starts from the seeded stock (a reused or shared fixture breaks every count). */
export async function expectDemoStock(catalog: Catalog): Promise<void> {
  await expectStock(catalog, demo.iphone, demo.iphoneStock, 'fresh fixture');
  await expectStock(catalog, demo.canon, demo.canonStock, 'fresh fixture');
  await expectStock(catalog, demo.canon, demo.redStock, 'fresh fixture', demo.red);
}

/** A random idempotency key, so that cases never share one even on a persistent store. */
export function newKey(): string {
  return `key-${randomUUID()}`;
}
