/**
 * The shell adds nothing `decide` did not return, over generated sequences of commands on one session of the demo
 * store (memory adapters): steps (valid and broken), confirms (new orders, updates of the last order, repeats,
 * idempotency keys) and history entries, interleaved. Each decision the one pass makes is captured through the
 * context's observer before the shell performs it, and compared with what the store holds afterwards: the saved
 * session is the decided session (a confirm's: the decided record, numbered with the written order's id); the
 * delivered events are the decided events; the outbox holds exactly the write effect's events and the order is
 * the effect's draft in the entry's status. A history entry's decision is its append effect, as `decideHistory`
 * decides it on the order as it was: the repository is asked for exactly that append (nothing else of it), the
 * order then carries exactly that entry, the outbox exactly its events, and the notifier got exactly the decided
 * events, once. A refused command changes and delivers nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EventDraft } from '../../src/domain/events/event-types.js';
import type { DomainEvent } from '../../src/domain/machine/events.js';
import type { CheckoutSession } from '../../src/domain/machine/session.js';
import { defaultMessages } from '../../src/domain/messages.js';
import type { AppendHistory, Effect, RecordOrder, WriteOrder } from '../../src/domain/order/effects.js';
import { decideHistory } from '../../src/domain/order/history.js';
import type { Checkout } from '../../src/engine/checkout.js';
import { createEngineContext, type Decided, type EngineContext } from '../../src/engine/context.js';
import { checkoutOver } from '../../src/engine/create-checkout.js';
import { couponIdOf } from '../../src/engine/order-lookups.js';
import type { OrderRepository } from '../../src/ports/order-repository.js';
import { checkoutPrefix, type Step, sequences } from '../property/support/engine-operations.js';
import { type DemoCheckout, demoCheckout } from './support/demo-checkout.js';

/** A confirm as generated: a new order or an update of the session's last order, with or without a key. */
interface Confirm {
  readonly kind: 'confirm';
  readonly status: number | undefined;
  readonly update: boolean;
  readonly key: string | undefined;
}

/** A history entry on the session's last order. */
interface History {
  readonly kind: 'history';
  readonly status: number;
  readonly notify: boolean;
}

type Command = { readonly kind: 'step'; readonly step: Step } | Confirm | History;

const confirm = fc.record<Confirm>({
  kind: fc.constant('confirm'),
  // 1 Pending, 2 Processing, 5 Complete, 7 Canceled; 99 is no status (refused).
  status: fc.constantFrom(undefined, 1, 2, 5, 7, 99),
  update: fc.boolean(),
  key: fc.constantFrom(undefined, 'key-a', 'key-b'),
});
const history = fc.record<History>({
  kind: fc.constant('history'),
  status: fc.constantFrom(1, 2, 5, 7, 999),
  notify: fc.boolean(),
});

/** Steps with confirms and history entries put in among them. */
const commands: fc.Arbitrary<Command[]> = fc
  .tuple(
    sequences(2, 14),
    fc.array(
      fc.tuple(fc.integer({ min: 8, max: 22 }), fc.oneof({ weight: 3, arbitrary: confirm }, history)),
      {
        maxLength: 8,
      },
    ),
  )
  .map(([steps, extras]) => {
    // Every sequence first reaches chosen methods, so that many confirms write.
    const ready = checkoutPrefix.map((operation) => ({ advance: 0, operation }));
    const all: Command[] = [...ready, ...steps].map((step) => ({ kind: 'step', step }));
    for (const [at, extra] of extras) {
      // Half the confirms are sent twice in a row: the second repeats the first's order.
      const twice = extra.kind === 'confirm' && at % 2 === 0;
      all.splice(Math.min(at, all.length), 0, ...(twice ? [extra, extra] : [extra]));
    }
    return all;
  });

/** What the engine asked the order repository to append. */
type Appended = Pick<AppendHistory, 'orderId' | 'write' | 'expectedRevision' | 'events'>;

/** `orders`, recording every append it is asked for (its other methods as they are). */
function recording(orders: OrderRepository, appended: Appended[]): OrderRepository {
  return new Proxy(orders, {
    get(target, property) {
      if (property === 'addHistory') {
        return (...[orderId, write, expectedRevision, events]: Parameters<OrderRepository['addHistory']>) => {
          appended.push({ orderId, write, expectedRevision, events: events ?? [] });
          return target.addHistory(orderId, write, expectedRevision, events);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** What a command left in the store and the notifier, and what the one pass decided for it. */
interface Seen {
  readonly decided: readonly Decided[];
  readonly appended: readonly Appended[];
  readonly before: CheckoutSession;
  readonly after: CheckoutSession;
  readonly delivered: readonly DomainEvent[];
  readonly outboxed: readonly Pick<EventDraft, 'type' | 'data'>[];
}

/** The write draft's events as the outbox holds them: a new order's numbered with its id. */
function numberedDrafts(effect: WriteOrder, orderId: number) {
  return effect.events.map((draft) => ({
    type: draft.type,
    data: effect.orderId === 0 ? { ...draft.data, order_id: orderId } : draft.data,
  }));
}

/** The decided events as delivered: a new order's numbered with its id. */
function numberedEvents(events: readonly DomainEvent[], orderId: number): DomainEvent[] {
  return events.map((event) => (event.orderId === 0 ? { ...event, orderId } : event));
}

/** The session without its expiry: what a read or a repeat may slide and nothing else. */
function withoutExpiry(session: CheckoutSession) {
  const { expiresAt: _slid, ...rest } = session;
  return rest;
}

/** The one effect of `type` in `effects`. */
function effectOf<K extends Effect['type']>(effects: readonly Effect[], type: K) {
  return effects.find((effect): effect is Extract<Effect, { type: K }> => effect.type === type);
}

/** Counts of what the run checked, so that a property that checked nothing fails. */
interface Counts {
  steps: number;
  writes: number;
  replays: number;
  entries: number;
}

/** Checks a step's decision against the store. */
function checkStep(seen: Seen, ok: boolean) {
  const [decided] = seen.decided;
  expect(seen.decided.length).toBeLessThanOrEqual(1);
  if (!ok || decided === undefined || decided.save === 'nothing') {
    expect(seen.after).toEqual(seen.before);
    expect(seen.delivered).toEqual([]);
  } else if (decided.save === 'version') {
    expect(seen.after).toEqual(decided.session);
    expect(seen.delivered).toEqual(decided.events);
  } else {
    expect(withoutExpiry(seen.after)).toEqual(withoutExpiry(seen.before));
    expect(seen.delivered).toEqual([]);
  }
  expect(seen.outboxed).toEqual([]);
  expect(seen.appended).toEqual([]);
}

/** Checks a confirm's decision against the store; answers what it checked. */
function checkConfirm(d: DemoCheckout, seen: Seen, orderId: number | undefined, wrote: boolean) {
  const [decided] = seen.decided;
  // Only a history entry's decision appends an entry by itself.
  expect(seen.appended).toEqual([]);
  if (orderId === undefined || decided === undefined || decided.save !== 'effects') {
    expect(seen.after).toEqual(seen.before);
    expect(seen.delivered).toEqual([]);
    return 'refused';
  }
  const write = effectOf(decided.effects, 'write_order');
  if (write === undefined) {
    // A repeat of the session's last order: its expiry slid, nothing written or delivered.
    expect(effectOf(decided.effects, 'claim_order')?.orderId).toBe(orderId);
    expect(withoutExpiry(seen.after)).toEqual(withoutExpiry(seen.before));
    expect(seen.delivered).toEqual([]);
    expect(seen.outboxed).toEqual([]);
    return 'replay';
  }
  const record = effectOf(decided.effects, 'record_order') as RecordOrder;
  const lastOrder = { orderId, fingerprint: record.session.lastOrder?.fingerprint };
  expect(seen.after).toEqual({ ...record.session, lastOrder });
  if (!wrote) {
    expect(seen.delivered).toEqual([]);
    expect(seen.outboxed).toEqual([]);
    return 'replay';
  }
  expect(seen.outboxed).toEqual(numberedDrafts(write, orderId));
  expect(seen.delivered).toEqual(numberedEvents(decided.events, orderId));
  expect(d.data.orders.get(orderId)).toMatchObject({
    ...write.draft,
    orderId,
    orderStatusId: write.history.orderStatusId,
  });
  return 'write';
}

/** Runs one command, checking it; moves the counts on. */
async function runCommand(
  d: DemoCheckout,
  context: EngineContext,
  checkout: Checkout,
  decisions: Decided[],
  appended: Appended[],
  sessionId: string,
  command: Command,
  counts: Counts,
) {
  const before = await d.stored(sessionId);
  const marks = {
    decided: decisions.length,
    appended: appended.length,
    delivered: d.adapters.notifier.events.length,
    outboxed: d.data.outbox.events.length,
  };
  const seen = async (): Promise<Seen> => ({
    decided: decisions.slice(marks.decided),
    appended: appended.slice(marks.appended),
    before,
    after: await d.stored(sessionId),
    delivered: d.adapters.notifier.events.slice(marks.delivered),
    outboxed: d.data.outbox.events.slice(marks.outboxed).map(({ type, data }) => ({ type, data })),
  });
  const last = before.lastOrder?.orderId;
  if (command.kind === 'step') {
    d.clock.advanceSeconds(command.step.advance);
    const result = await command.step.operation.run(checkout, sessionId, before);
    checkStep(await seen(), result.isOk());
    counts.steps += 1;
    return;
  }
  if (command.kind === 'confirm') {
    const target = command.update && last !== undefined ? last : 0;
    const revision = target === 0 ? undefined : d.data.orders.get(target)?.revision;
    const body = {
      order_id: target,
      ...(command.status === undefined ? {} : { order_status_id: command.status }),
    };
    const result = await checkout.confirm(sessionId, body, { idempotencyKey: command.key });
    const orderId = result.isOk() ? result.value.orderId : undefined;
    const revisionAfter = orderId === undefined ? undefined : d.data.orders.get(orderId)?.revision;
    const wrote =
      orderId !== undefined &&
      (target === 0
        ? !d.data.outbox.events.slice(0, marks.outboxed).some(isOf(orderId))
        : revisionAfter !== revision);
    const checked = checkConfirm(d, await seen(), orderId, wrote);
    if (checked === 'write') counts.writes += 1;
    if (checked === 'replay') counts.replays += 1;
    return;
  }
  if (last === undefined) return;
  const order = d.data.orders.get(last);
  const full = {
    orderId: last,
    orderStatusId: command.status,
    comment: '',
    notify: command.notify,
    override: false,
  };
  const couponId =
    order === undefined ? null : (await couponIdOf(context, defaultMessages, order))._unsafeUnwrap();
  const now = d.clock.now().toISOString();
  const facts = { order, couponId, paymentProvider: false, now, messages: defaultMessages };
  const expected = decideHistory(full, facts, d.settings, []);
  const result = await checkout.addHistory(sessionId, {
    order_id: last,
    order_status_id: command.status,
    notify: command.notify ? 'true' : 'false',
  });
  const after = await seen();
  if (expected.isErr()) {
    expect(result.isErr() && result.error).toEqual(expected.error);
    expect(after.decided).toEqual([]);
    expect(after.appended).toEqual([]);
    expect(after.delivered).toEqual([]);
    expect(after.outboxed).toEqual([]);
    return;
  }
  expect(result.isOk(), result.isErr() ? JSON.stringify(result.error) : '').toBe(true);
  checkHistory(d, after, expected.value.effect, expected.value.events);
  expect(withoutExpiry(after.after)).toEqual(withoutExpiry(before));
  counts.entries += 1;
}

/**
 * Checks an accepted history entry: the pass decided its append effect as `decideHistory` did, and the
 * repository write, the stored entry, the outbox and the delivered events are exactly that decision's.
 */
function checkHistory(d: DemoCheckout, seen: Seen, effect: AppendHistory, events: readonly DomainEvent[]) {
  const [decided, ...more] = seen.decided;
  expect(more).toEqual([]);
  if (decided?.save !== 'effects') throw new Error(`history_add decided ${decided?.save}`);
  expect(decided.effects.map(({ type }) => type)).toEqual([
    'append_history',
    'deliver_events',
    'slide_expiry',
  ]);
  const append = effectOf(decided.effects, 'append_history') as AppendHistory;
  expect(append).toEqual(effect);
  expect(decided.events).toEqual(events);
  const { orderId, write, expectedRevision } = append;
  expect(seen.appended).toEqual([{ orderId, write, expectedRevision, events: append.events }]);
  const order = d.data.orders.get(orderId);
  expect(order?.revision).toBe(expectedRevision + 1);
  expect(order?.orderStatusId).toBe(write.orderStatusId);
  const { orderHistoryId: _id, ...entry } = order?.history.at(-1) ?? { orderHistoryId: 0 };
  const { orderStatusId, comment, notify, dateAdded } = write;
  expect(entry).toEqual({ orderStatusId, comment, notify, dateAdded });
  expect(seen.outboxed).toEqual(append.events.map(({ type, data }) => ({ type, data })));
  expect(seen.delivered).toEqual(decided.events);
}

/** Whether an outbox event is of `orderId` (the order existed before the command). */
function isOf(orderId: number) {
  return (event: { readonly order_id: number }) => event.order_id === orderId;
}

describe('the one pass', () => {
  it('saves, writes and delivers exactly what decide returned, for steps, confirms and history entries', async () => {
    const counts: Counts = { steps: 0, writes: 0, replays: 0, entries: 0 };
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const d = demoCheckout();
        const decisions: Decided[] = [];
        const appended: Appended[] = [];
        const deps = { ...d.deps, orders: recording(d.deps.orders, appended) };
        const context = createEngineContext(deps, { settings: d.settings });
        const checkout = checkoutOver({ ...context, observe: (decided) => decisions.push(decided) });
        const opened = await checkout.openSession({ apiUserId: 1 });
        if (opened.isErr()) throw new Error('no session');
        for (const command of sequence) {
          await runCommand(
            d,
            context,
            checkout,
            decisions,
            appended,
            opened.value.sessionId,
            command,
            counts,
          );
        }
      }),
      { numRuns: 40 },
    );
    // The property held on decisions actually made and performed, not only on refusals.
    expect(counts.writes).toBeGreaterThan(5);
    expect(counts.replays).toBeGreaterThan(0);
    expect(counts.entries).toBeGreaterThan(3);
  }, 240_000);
});
