/**
 * Proves the event-sink contract suite can fail: it runs against a correct in-memory sink (every case passes) and
 * against copies with one defect (resolving without sending, sending under a new id, reordering, sending types it
 * was not set up for): the cases that check that point fail, with an assertion error.
 */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import type { OutboxEvent } from '../../src/domain/events/index.js';
import { describeEventSinkContract } from '../../src/testing/index.js';
import { type CaseResult, captureCases, failedNames, runCases } from './support/capture.js';

type Defect = 'drops' | 'newId' | 'reorders' | 'ignoresTypes';

async function run(defect?: Defect): Promise<CaseResult[]> {
  return runCases(
    captureCases((t) =>
      describeEventSinkContract(t, 'reference', async () => {
        const destination: OutboxEvent[] = [];
        return {
          carries: ['order.status_changed'],
          lagMs: 50,
          received: async () => destination.map((event) => ({ id: event.id, body: event })),
          sink: {
            name: 'memory',
            async deliver(event) {
              if (event.type !== 'order.status_changed' && defect !== 'ignoresTypes') return;
              if (defect === 'drops') return;
              if (defect === 'newId') destination.push({ ...event, id: globalThis.crypto.randomUUID() });
              else if (defect === 'reorders') destination.unshift(event);
              else destination.push(event);
            },
          },
        };
      }),
    ),
  );
}

function expectFailures(results: readonly CaseResult[], expected: readonly string[]): void {
  expect(failedNames(results)).toEqual([...expected].sort());
  for (const result of results) {
    if (result.error !== undefined) expect(result.error, result.name).toBeInstanceOf(AssertionError);
  }
}

describe('the event-sink contract suite', () => {
  it('passes a correct sink', async () => {
    expectFailures(await run(), []);
  });

  it('catches a sink that resolves without sending', async () => {
    expectFailures(await run('drops'), [
      'a type it does not carry resolves and sends nothing',
      'an event delivered again reaches the destination with the same id, or not again',
      'an event it resolved for is at the destination, whole, with its id',
      'an order’s events arrive in the order they were delivered',
    ]);
  });

  it('catches a sink that sends under another id', async () => {
    expect(failedNames(await run('newId'))).toContain(
      'an event it resolved for is at the destination, whole, with its id',
    );
  });

  it('catches a sink that reorders an order’s events', async () => {
    expectFailures(await run('reorders'), ['an order’s events arrive in the order they were delivered']);
  });

  it('catches a sink that sends the types it was not set up for', async () => {
    expectFailures(await run('ignoresTypes'), ['a type it does not carry resolves and sends nothing']);
  });
});
