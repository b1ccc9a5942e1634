/**
 * Proves the order-payments contract suite can fail: it runs against the memory repository (every case passes)
 * and against copies with one defect (a hold that takes no stock, a release that gives units back each time it
 * is asked, a write that ignores the revision, a sweep that releases nothing, an edit that drops the payment):
 * the cases that check that point fail, with an assertion error rather than a crash.
 */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, demoStore } from '../../src/adapters/memory/index.js';
import type { OrderPayments } from '../../src/ports/order-payments.js';
import type { OrderRepository } from '../../src/ports/order-repository.js';
import { createManualClock, describeOrderPaymentsContract } from '../../src/testing/index.js';
import { type CaseResult, captureCases, failedNames, runCases } from './support/capture.js';

type Defect =
  | 'holdTakesNothing'
  | 'releasesEveryTime'
  | 'ignoresRevision'
  | 'sweepReleasesNothing'
  | 'editDropsPayment';

type Orders = OrderRepository & OrderPayments;

function broken(orders: Orders, defect: Defect): Orders {
  switch (defect) {
    case 'holdTakesNothing':
      return {
        ...orders,
        writePayment: (id, write, revision) =>
          orders.writePayment(
            id,
            write.hold?.kind === 'take' ? { payment: write.payment, at: write.at } : write,
            revision,
          ),
      };
    case 'releasesEveryTime':
      return {
        ...orders,
        writePayment: async (id, write, revision) => {
          const before = await orders.get(id);
          const outcome = await orders.writePayment(id, write, revision);
          // Gives the held units back a second time when asked to release a hold already ended.
          if (
            write.hold?.kind === 'release' &&
            before?.stockHold?.ended !== null &&
            before?.stockHold !== undefined
          ) {
            await orders.create(before, {
              orderStatusId: 0,
              comment: '',
              notify: false,
              dateAdded: write.at,
              stockMoves: before.stockHold.lines.map((l) => ({ ...l, delta: l.quantity, guard: false })),
              redemptions: [],
              releaseRedemptions: false,
            });
          }
          return outcome;
        },
      };
    case 'ignoresRevision':
      return {
        ...orders,
        writePayment: async (id, write) =>
          orders.writePayment(id, write, (await orders.get(id))?.revision ?? 0),
      };
    case 'sweepReleasesNothing':
      return { ...orders, releaseDueHolds: async () => [] };
    case 'editDropsPayment':
      return {
        ...orders,
        update: async (...args) => {
          const outcome = await orders.update(...args);
          if (outcome.status !== 'written') return outcome;
          const { payment: _dropped, ...order } = outcome.order;
          return { ...outcome, order };
        },
      };
  }
}

async function run(defect?: Defect): Promise<CaseResult[]> {
  return runCases(
    captureCases((t) =>
      describeOrderPaymentsContract(t, 'reference', async () => {
        const clock = createManualClock('2024-05-01T10:00:00Z');
        const { orders, catalog } = createMemoryAdapters(demoStore().data, { clock });
        return { orders: defect === undefined ? orders : broken(orders, defect), catalog, clock };
      }),
    ),
  );
}

function expectFailures(results: readonly CaseResult[], expected: readonly string[]): void {
  const names = new Set(results.map((result) => result.name));
  for (const name of expected) expect(names, `no case is named "${name}"`).toContain(name);
  expect(failedNames(results)).toEqual([...expected].sort());
  for (const result of results) {
    if (result.error !== undefined) expect(result.error, result.name).toBeInstanceOf(AssertionError);
  }
}

describe('the order-payments contract suite', () => {
  it('passes the memory repository', async () => {
    expectFailures(await run(), []);
  });

  it('catches a hold that takes no stock', async () => {
    const failed = failedNames(await run('holdTakesNothing'));
    expect(failed).toContain('a hold takes its units out of stock for every cart and every guarded move');
    expect(failed).toContain(
      '20 holds racing for the last 5 units: exactly 5 hold, the rest are refused; expiry gives them back',
    );
  });

  it('catches a release that gives the units back each time it is asked', async () => {
    expectFailures(await run('releasesEveryTime'), [
      'release gives the units back once, however often it is asked',
    ]);
  });

  it('catches a write that ignores the revision', async () => {
    expectFailures(await run('ignoresRevision'), [
      'writePayment at a stale revision is a conflict, for an unknown order not_found; nothing written',
    ]);
  });

  it('catches a sweep that releases nothing', async () => {
    expectFailures(await run('sweepReleasesNothing'), [
      'releaseDueHolds releases each due hold once, even when swept from several places at once',
    ]);
  });

  it('catches an edit that drops the payment', async () => {
    expectFailures(await run('editDropsPayment'), [
      'an edit of the order or a history entry keeps its payment',
    ]);
  });
});
