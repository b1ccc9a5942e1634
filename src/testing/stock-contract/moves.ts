/**
 * Stock contract: moves read back through the catalog, order within a call, all-or-nothing refusals, missing
 * targets, concurrency and failures.
 * @module
 */
import assert from 'node:assert/strict';
import { expectEveryCallRejects, failedStore } from '../port-failures.js';
import { expectMoved, expectShortages, expectStock, putBack, type StockCase, take } from './helpers.js';

/** Registers the stock cases. */
export function registerMoveCases(test: StockCase): void {
  test('a guarded move takes units out, an unguarded one puts them back, and the catalog reads each at once', async ({
    stock,
    catalog,
  }) => {
    await expectStock(catalog, 102, 100, 'the seeded stock');
    await expectMoved(stock, [take(102, 2), take(101, 1)], 'taking from two products');
    await expectStock(catalog, 102, 98, 'after taking 2');
    await expectStock(catalog, 101, 6, 'after taking 1');
    await expectMoved(stock, [putBack(102, 2), putBack(101, 1)], 'putting them back');
    await expectStock(catalog, 102, 100, 'after putting 2 back');
    await expectStock(catalog, 101, 7, 'after putting 1 back');
  });

  test("an option-value move changes that value's stock, not the product's or another value's", async ({
    stock,
    catalog,
  }) => {
    await expectMoved(stock, [take(101, 2, 1001)], 'taking 2 Black');
    await expectStock(catalog, 101, 3, 'after taking 2 Black', 1001);
    await expectStock(catalog, 101, 7, 'after taking 2 Black');
    await expectStock(catalog, 101, 0, 'after taking 2 Black', 1002);
    await expectMoved(stock, [take(101, 1), take(101, 3, 1001)], 'taking one body and the last Black');
    await expectStock(catalog, 101, 0, 'after the last Black', 1001);
    await expectStock(catalog, 101, 6, 'after the last Black');
  });

  test('moves apply in the order given, each guarded move against what the earlier ones of the call left', async ({
    stock,
    catalog,
  }) => {
    await expectMoved(stock, [putBack(101, 3), take(101, 10)], 'putting 3 back, then taking all 10');
    await expectStock(catalog, 101, 0, 'after taking all 10');
    expectShortages(
      await stock.move([take(101, 1), putBack(101, 1)]),
      [{ productId: 101, productOptionValueId: null, available: 0, requested: 1 }],
      'taking 1 before putting 1 back, with none in stock',
    );
    await expectStock(catalog, 101, 0, 'after the refused call');
  });

  test('a refused call applies nothing and names each refused product or value once, with every unit asked', async ({
    stock,
    catalog,
  }) => {
    const outcome = await stock.move([take(102, 1), take(101, 4), take(101, 4), take(101, 6, 1001)]);
    expectShortages(
      outcome,
      [
        { productId: 101, productOptionValueId: null, available: 7, requested: 8 },
        { productId: 101, productOptionValueId: 1001, available: 5, requested: 6 },
      ],
      'taking 8 of 7 bodies and 6 of 5 Black',
    );
    await expectStock(catalog, 102, 100, 'the move that could be made must not be applied');
    await expectStock(catalog, 101, 7, 'after the refused call');
    await expectStock(catalog, 101, 5, 'after the refused call', 1001);
  });

  test('a guarded move on a product or value that does not exist is refused; an unguarded one changes nothing', async ({
    stock,
    catalog,
  }) => {
    expectShortages(
      await stock.move([take(404, 1)]),
      [{ productId: 404, productOptionValueId: null, available: 0, requested: 1 }],
      'an unknown product',
    );
    expectShortages(
      await stock.move([take(101, 1, 9999)]),
      [{ productId: 101, productOptionValueId: 9999, available: 0, requested: 1 }],
      'an unknown option value',
    );
    expectShortages(
      await stock.move([take(102, 1, 1001)]),
      [{ productId: 102, productOptionValueId: 1001, available: 0, requested: 1 }],
      "another product's option value",
    );
    await expectMoved(stock, [putBack(404, 5), putBack(102, 5, 1001), putBack(103, 1)], 'unguarded moves');
    await expectStock(catalog, 101, 5, "after a move named another product's value", 1001);
    await expectStock(catalog, 102, 100, "after a move named another product's value");
    await expectStock(catalog, 103, 101, 'after putting 1 back');
  });

  test('an unguarded move is applied even when it leaves the stock below zero', async ({
    stock,
    catalog,
  }) => {
    await expectMoved(
      stock,
      [{ productId: 102, productOptionValueId: null, delta: -150, guard: false }],
      'overselling',
    );
    await expectStock(catalog, 102, -50, 'after the unguarded move');
    await expectMoved(stock, [putBack(102, 150)], 'putting 150 back');
    await expectStock(catalog, 102, 100, 'after putting it back');
  });

  test('a catalog read before a move never hides it: no cache outlives a move', async ({
    stock,
    catalog,
  }) => {
    await expectStock(catalog, 102, 100, 'before the move');
    await expectStock(catalog, 101, 5, 'before the move', 1001);
    await expectMoved(stock, [take(102, 5), take(101, 1, 1001)], 'taking 5 straps and 1 Black');
    await expectStock(catalog, 102, 95, 'right after the move');
    await expectStock(catalog, 101, 4, 'right after the move', 1001);
  });

  test('of 30 concurrent calls each taking 1 of the last 7 units, exactly 7 move and the stock ends at 0', async ({
    stock,
    catalog,
  }) => {
    await expectStock(catalog, 101, 7, 'the seeded stock');
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => stock.move([take(101, 1)])));
    const moved = outcomes.filter((outcome) => outcome.status === 'moved');
    assert.equal(moved.length, 7, `expected 7 calls to move, got ${moved.length}`);
    for (const outcome of outcomes) {
      if (outcome.status === 'moved') continue;
      expectShortages(
        outcome,
        [{ productId: 101, productOptionValueId: null, available: 0, requested: 1 }],
        'a call beyond the stock',
      );
    }
    await expectStock(catalog, 101, 0, 'after the race');
  });

  test('when its store has failed, move rejects with an Error in time', async (fixture) => {
    const stock = await failedStore(fixture);
    await expectEveryCallRejects([['move', () => stock.move([take(102, 1)])]]);
  });
}
