/**
 * Confirming again after a card payment ended unpaid, as scenarios any order store runs (the memory store and
 * PostgreSQL): a repeat of the same confirm starts a new order that can be paid, the ended attempt's own
 * `Idempotency-Key` still answers that attempt, and a payment still open is answered as before.
 */
import { expect } from 'vitest';
import type { OrderRecord } from '../../../src/domain/records/order.js';
import type { Checkout } from '../../../src/engine/index.js';
import type { TestCardProvider } from '../../../src/testing/index.js';
import type { CallCounts } from './card-checkout.js';
import { expectOk } from './demo-checkout.js';

/** A card checkout on some order store, and what the scenarios read of it. */
export interface ReconfirmWorld {
  readonly checkout: Checkout;
  readonly card: TestCardProvider;
  readonly calls: CallCounts;
  /** The status a placed order is written with (`config_order_status_id`). */
  readonly placedStatusId: number;
  /** Moves every clock the checkout and its store read. */
  advance(ms: number): void;
  /** A session ready to confirm one iPhone (product 40) with the card method. */
  session(): Promise<string>;
  /** The order as the store holds it. */
  order(orderId: number): Promise<OrderRecord>;
  /** How many orders the store holds. */
  orderCount(): Promise<number>;
  /** The iPhone's stock as the store holds it. */
  stock(): Promise<number>;
}

/** Past the default 30-minute hold. */
const PAST_HOLD_MS = 31 * 60 * 1000;

function confirm(world: ReconfirmWorld, sessionId: string, key?: string) {
  const options = key === undefined ? {} : { idempotencyKey: key };
  return expectOk(world.checkout.confirm(sessionId, { payment_token: 'tok_challenge' }, options));
}

/** A challenge left unanswered until the sweep expires it: the order at status 0, the payment expired. */
async function abandoned(world: ReconfirmWorld, sessionId: string, key?: string) {
  const first = await confirm(world, sessionId, key);
  expect(first.payment?.status).toBe('requires_action');
  world.advance(PAST_HOLD_MS);
  await expectOk(world.checkout.sweep());
  const expired = await world.order(first.orderId);
  expect([expired.orderStatusId, expired.payment?.status]).toEqual([0, 'expired']);
  return first;
}

/** Passes the challenge of `orderId`'s payment and completes it through the session. */
async function passChallenge(world: ReconfirmWorld, sessionId: string, orderId: number) {
  await world.card.completeChallenge((await world.order(orderId)).payment?.reference ?? '', true);
  return expectOk(world.checkout.completePayment(sessionId, { order_id: orderId }));
}

/**
 * The challenge expired; the customer confirms the same cart with the same card again (no key): a new order
 * with its own hold and authorization, which the customer pays; the expired one stays as it was.
 */
export async function repeatAfterExpiry(world: ReconfirmWorld): Promise<void> {
  const before = await world.stock();
  const sessionId = await world.session();
  const first = await abandoned(world, sessionId);
  expect(await world.stock()).toBe(before);
  const count = await world.orderCount();

  const again = await confirm(world, sessionId);
  expect(again.orderId).not.toBe(first.orderId);
  expect(again.payment?.status).toBe('requires_action');
  expect(await world.orderCount()).toBe(count + 1);
  expect(await world.stock()).toBe(before - 1);
  expect(world.calls.authorize).toBe(2);

  const completed = await passChallenge(world, sessionId, again.orderId);
  expect(completed.payment.status).toBe('authorized');
  const placed = await world.order(again.orderId);
  expect(placed.orderStatusId).toBe(world.placedStatusId);
  expect(placed.payment?.moves.filter((move) => move.to === 'authorized')).toHaveLength(1);
  expect(await world.stock()).toBe(before - 1);
  const old = await world.order(first.orderId);
  expect([old.orderStatusId, old.payment?.status]).toEqual([0, 'expired']);

  // The paid order is the session's last now: the same confirm again answers it, and authorizes nothing.
  const replayed = await confirm(world, sessionId);
  expect(replayed.orderId).toBe(again.orderId);
  expect(replayed.payment?.status).toBe('authorized');
  expect(world.calls.authorize).toBe(2);
  expect(await world.orderCount()).toBe(count + 1);
}

/**
 * With keys: the expired attempt's key answers that attempt again (the same key, the same answer: nothing
 * written, nothing authorized); a new key starts a new order, which its own key then replays.
 */
export async function keysAfterExpiry(world: ReconfirmWorld): Promise<void> {
  const sessionId = await world.session();
  const first = await abandoned(world, sessionId, 'attempt-1');
  const count = await world.orderCount();

  const sameKey = await confirm(world, sessionId, 'attempt-1');
  expect([sameKey.orderId, sameKey.payment?.status]).toEqual([first.orderId, 'expired']);
  expect(await world.orderCount()).toBe(count);
  expect(world.calls.authorize).toBe(1);

  const fresh = await confirm(world, sessionId, 'attempt-2');
  expect(fresh.orderId).not.toBe(first.orderId);
  expect(fresh.payment?.status).toBe('requires_action');
  const freshAgain = await confirm(world, sessionId, 'attempt-2');
  expect(freshAgain).toEqual(fresh);
  // The first key still names the first attempt, even now that the session's last order is the new one.
  const firstAgain = await confirm(world, sessionId, 'attempt-1');
  expect([firstAgain.orderId, firstAgain.payment?.status]).toEqual([first.orderId, 'expired']);
  expect(await world.orderCount()).toBe(count + 1);
  expect(world.calls.authorize).toBe(2);
}

/**
 * A failed challenge, then the same confirm twice at once: one new order between them, asked to authorize
 * once. A challenge still open is answered as it is, as before.
 */
export async function repeatAfterFailure(world: ReconfirmWorld): Promise<void> {
  const before = await world.stock();
  const sessionId = await world.session();
  const first = await confirm(world, sessionId);
  const open = await confirm(world, sessionId);
  expect(open).toEqual(first);
  await world.card.completeChallenge((await world.order(first.orderId)).payment?.reference ?? '', false);
  const failed = await expectOk(world.checkout.completePayment(sessionId, {}));
  expect(failed.payment.status).toBe('failed');
  expect(await world.stock()).toBe(before);
  const count = await world.orderCount();

  const [a, b] = await Promise.all([confirm(world, sessionId), confirm(world, sessionId)]);
  expect(a.orderId).not.toBe(first.orderId);
  expect(b).toEqual(a);
  expect(await world.orderCount()).toBe(count + 1);
  expect(world.calls.authorize).toBe(2);
  expect(await world.stock()).toBe(before - 1);
}
