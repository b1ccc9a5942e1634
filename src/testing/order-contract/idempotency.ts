/**
 * Order-repository contract: idempotent creates.
 * @module
 */
import assert from 'node:assert/strict';
import type { IdempotencyClaim } from '../../ports/order-repository.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../order-fixtures.js';
import { demo, expectOutcome, expectStock, newKey, type OrderCase, take } from './helpers.js';

/** The history of an idempotent create: takes one iPhone, so that a second write would show in the stock. */
const takingOne = () => sampleHistoryWrite({ stockMoves: [take(demo.iphone, 1)] });

function claim(overrides: Partial<IdempotencyClaim> = {}): IdempotencyClaim {
  return { scope: 'api-user-1', key: newKey(), fingerprint: 'fingerprint-a', ...overrides };
}

/** Registers the idempotency cases. */
export function registerIdempotencyCases(test: OrderCase): void {
  test('the same claim with the same fingerprint replays the order and writes nothing', async ({
    orders,
    catalog,
  }) => {
    const first = claim();
    const created = expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), first),
      'created',
      'create',
    );
    const again = await orders.create(sampleOrderDraft(), takingOne(), { ...first });
    const replayed = expectOutcome(again, 'replayed', 'create with the same claim');
    assert.deepStrictEqual(replayed.order, created.order, 'the replay returns the same order');
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the replay');
    assert.deepStrictEqual(await orders.get(created.order.orderId), created.order);
  });

  test('the same key with another fingerprint is an idempotency_conflict and writes nothing', async ({
    orders,
    catalog,
  }) => {
    const first = claim();
    const created = expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), first),
      'created',
      'create',
    );
    const other = sampleOrderDraft({ comment: 'another payload' });
    expectOutcome(
      await orders.create(other, takingOne(), { ...first, fingerprint: 'fingerprint-b' }),
      'idempotency_conflict',
      'create with the same key and another fingerprint',
    );
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the conflict');
    assert.deepStrictEqual(await orders.get(created.order.orderId), created.order);
  });

  test('the same key in another scope creates a new order', async ({ orders, catalog }) => {
    const first = claim();
    const a = expectOutcome(await orders.create(sampleOrderDraft(), takingOne(), first), 'created', 'create');
    const b = expectOutcome(
      await orders.create(sampleOrderDraft(), takingOne(), { ...first, scope: 'api-user-2' }),
      'created',
      'create with the same key in another scope',
    );
    assert.notEqual(b.order.orderId, a.order.orderId, 'a new order has a new id');
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 2, 'after two orders');
  });

  test('of 50 concurrent creates with one claim exactly one is created and the rest replay it', async ({
    orders,
    catalog,
  }) => {
    const shared = claim();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => orders.create(sampleOrderDraft(), takingOne(), { ...shared })),
    );
    const created = outcomes.filter((outcome) => outcome.status === 'created');
    const replayed = outcomes.filter((outcome) => outcome.status === 'replayed');
    assert.equal(created.length, 1, `expected one created, got ${created.length}`);
    assert.equal(replayed.length, 49, `expected 49 replayed, got ${replayed.length}`);
    const ids = new Set(outcomes.map((outcome) => ('order' in outcome ? outcome.order.orderId : undefined)));
    assert.equal(ids.size, 1, `all outcomes name the same order, got ${[...ids].join(', ')}`);
    await expectStock(catalog, demo.iphone, demo.iphoneStock - 1, 'after the race');
  });
}
