/**
 * Order-repository contract: several idempotency claims on one create, claims on updates, and claims recorded
 * for an order that already exists.
 * @module
 */
import assert from 'node:assert/strict';
import type { IdempotencyClaim } from '../../ports/order-repository.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import { changedDraft } from './drafts.js';
import {
  createSampleOrder,
  demo,
  expectOutcome,
  expectStock,
  newKey,
  type OrderCase,
  take,
} from './helpers.js';

/** The history of a create: takes one iPhone, so that a second write would show in the stock. */
const takingOne = () => sampleHistoryWrite({ stockMoves: [take(demo.iphone, 1)] });

function claim(scope: string, fingerprint = 'fingerprint-a'): IdempotencyClaim {
  return { scope, key: newKey(), fingerprint };
}

/** Registers the multi-claim, update-claim and existing-order claim cases. */
export function registerClaimCases(test: OrderCase): void {
  registerCreateClaimCases(test);
  registerUpdateClaimCases(test);
  registerExistingOrderClaimCases(test);
}

/** Several claims on one create. */
function registerCreateClaimCases(test: OrderCase): void {
  test('a create records every claim it carries: a later create with any one of them replays', async ({
    orders,
    catalog,
  }) => {
    const keyed = claim('api-user-1');
    const session = claim('session-1');
    const created = expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), [keyed, session]),
      'created',
      'create with two claims',
    );
    for (const [again, what] of [
      [[keyed], 'the first claim alone'],
      [[session], 'the second claim alone'],
      [[claim('api-user-1'), session], 'a new key and the second claim'],
    ] as const) {
      const replayed = expectOutcome(
        await orders.create(sampleOrderDraft(), takingOne(), again),
        'replayed',
        what,
      );
      assert.equal(replayed.order.orderId, created.order.orderId, `${what}: the same order`);
    }
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the replays');
  });

  test('the first used claim decides: another fingerprint under it is a conflict', async ({ orders }) => {
    const keyed = claim('api-user-1');
    expectOutcome(await orders.create(sampleOrderDraft(), takingOne(), [keyed]), 'created', 'create');
    const other = { ...keyed, fingerprint: 'fingerprint-b' };
    expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), [other, claim('session-1', 'fingerprint-b')]),
      'idempotency_conflict',
      'a used key with another fingerprint, then a free one',
    );
  });

  test('a refused create records none of its claims', async ({ orders }) => {
    const keyed = claim('api-user-1');
    const tooMany = sampleHistoryWrite({ stockMoves: [take(demo.canon, demo.canonStock + 1)] });
    expectOutcome(await orders.create(sampleOrderDraft(), tooMany, [keyed]), 'insufficient_stock', 'create');
    expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), [keyed]),
      'created',
      'the key is free',
    );
  });

  test('of 40 concurrent creates sharing one claim, each with its own other claim, exactly one writes', async ({
    orders,
    catalog,
  }) => {
    const shared = claim('session-1');
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        orders.create(
          sampleOrderDraft(),
          takingOne(),
          i % 2 === 0 ? [claim('api-user-1'), shared] : [shared],
        ),
      ),
    );
    const created = outcomes.filter((outcome) => outcome.status === 'created');
    assert.equal(created.length, 1, `expected one created, got ${created.length}`);
    assert.ok(
      outcomes.every((outcome) => outcome.status === 'created' || outcome.status === 'replayed'),
      'the others replay',
    );
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the race');
  });
}

/** Claims on updates. */
function registerUpdateClaimCases(test: OrderCase): void {
  test('an update with a claim records it: the same claim replays, another fingerprint conflicts', async ({
    orders,
  }) => {
    const id = (await createSampleOrder(orders)).orderId;
    const keyed = claim('api-user-1');
    const entry = sampleHistoryWrite({ comment: 'edited' });
    const updated = expectOutcome(
      await orders.update(id, changedDraft(), entry, 1, keyed),
      'written',
      'update',
    );
    // The claimed update moved the revision on: the replay is answered before the revision is compared.
    const replayed = expectOutcome(
      await orders.update(id, changedDraft(), entry, 1, { ...keyed }),
      'replayed',
      'the same update again',
    );
    assert.deepStrictEqual(replayed.order, updated.order, 'the replay answers the order as it is');
    expectOutcome(
      await orders.update(id, changedDraft(), entry, 2, { ...keyed, fingerprint: 'fingerprint-b' }),
      'idempotency_conflict',
      'the same key with another fingerprint',
    );
    assert.deepStrictEqual(await orders.get(id), updated.order, 'nothing more was written');
  });

  test('an update refused for its revision records no claim', async ({ orders }) => {
    const id = (await createSampleOrder(orders)).orderId;
    const keyed = claim('api-user-1');
    expectOutcome(
      await orders.update(id, changedDraft(), sampleHistoryWrite(), 9, keyed),
      'conflict',
      'stale',
    );
    expectOutcome(await orders.update(id, changedDraft(), sampleHistoryWrite(), 1, keyed), 'written', 'then');
  });
}

/** Claims recorded for an order that already exists. */
function registerExistingOrderClaimCases(test: OrderCase): void {
  test('claim records a key for an existing order: a create with it replays that order, another fingerprint conflicts', async ({
    orders,
    catalog,
  }) => {
    const order = await createSampleOrder(orders);
    const keyed = claim('api-user-1');
    const claimed = expectOutcome(await orders.claim(order.orderId, keyed), 'claimed', 'claim');
    assert.deepStrictEqual(claimed.order, order, 'claim answers the order as it is and changes nothing');
    const replayed = expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), [keyed, claim('session-1')]),
      'replayed',
      'a create with the claimed key',
    );
    assert.equal(replayed.order.orderId, order.orderId, 'the create replays the claimed order');
    expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), { ...keyed, fingerprint: 'fingerprint-b' }),
      'idempotency_conflict',
      'the claimed key with another fingerprint',
    );
    await expectStock(catalog, demo.iphone, demo.iphoneStock, 'nothing was taken');
  });

  test('claim of a key already used answers it: replayed with the order it names, or a conflict', async ({
    orders,
  }) => {
    const first = await createSampleOrder(orders, 'first create');
    const second = await createSampleOrder(orders, 'second create');
    const keyed = claim('api-user-1');
    expectOutcome(await orders.claim(first.orderId, keyed), 'claimed', 'claim for the first order');
    const again = expectOutcome(await orders.claim(second.orderId, { ...keyed }), 'replayed', 'claim again');
    assert.equal(again.order.orderId, first.orderId, 'the key still names the first order');
    expectOutcome(
      await orders.claim(first.orderId, { ...keyed, fingerprint: 'fingerprint-b' }),
      'idempotency_conflict',
      'the same key with another fingerprint',
    );
    assert.deepStrictEqual(await orders.get(second.orderId), second, 'the second order is untouched');
  });

  test('claim for an unknown order is not_found and records nothing', async ({ orders }) => {
    const keyed = claim('api-user-1');
    expectOutcome(await orders.claim(999_999, keyed), 'not_found', 'claim for no order');
    expectOutcome(await orders.create(sampleOrderDraft(), takingOne(), keyed), 'created', 'the key is free');
  });
}
