/**
 * The payment entries fuzzed over a real server with a card method: the webhook route with arbitrary bodies,
 * headers, signatures, codes and methods, and `payment_complete` with arbitrary parameters, raced against a
 * payment waiting for its challenge. Never a 5xx, only the documented statuses (every answer is checked against
 * the OpenAPI document by the harness), and no unsigned request changes the order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare } from '../../src/money/index.js';
import { type CardConfirm, confirmWith, readyForCard, startCardDemo } from '../http/support/card-demo.js';
import { send } from '../http/support/harness.js';

const RUNS = { numRuns: 150 };

/** A JSON-ish body: valid JSON of any shape, text, or nothing. */
const body = fc.oneof(
  fc.json(),
  fc.string({ maxLength: 200 }),
  fc.constant(''),
  fc
    .record({
      id: fc.string(),
      type: fc.string(),
      data: fc.record({ reference: fc.string(), order_id: fc.integer() }),
    })
    .map((event) => JSON.stringify(event)),
);

/** A signature header as a forger would write it. */
const signature = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 80 }),
  fc
    .tuple(fc.integer({ min: 0, max: 2_000_000_000 }), fc.stringMatching(/^[0-9a-f]{0,64}$/))
    .map(([t, v]) => `t=${t},v1=${v}`),
);

/** A method code: the card's, an offline one, unknown, or malformed. */
const code = fc.oneof(
  fc.constantFrom('test_card', 'cod', 'cheque', 'stripe', '', 'TEST_CARD', 'a'.repeat(65)),
  fc.string({ maxLength: 20 }),
);

describe('the payment entries, fuzzed', () => {
  it('the webhook route: no 5xx, 401 for anything unsigned, and the waiting order unchanged', async () => {
    const demo = await startCardDemo();
    const session = await demo.login();
    await readyForCard(session);
    const { order_id: orderId } = (await confirmWith(session, 'tok_challenge')).body as CardConfirm;
    const before = structuredClone(demo.app.data.orders.get(orderId));
    await fc.assert(
      fc.asyncProperty(
        body,
        signature,
        code,
        fc.constantFrom('POST', 'GET', 'PUT'),
        async (text, sig, method, verb) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (sig !== undefined) headers['Test-Card-Signature'] = sig;
          const reply = await send(demo.origin, 'api/payment/webhook', {
            method: verb,
            query: { code: method },
            ...(verb === 'GET' ? {} : { json: text === '' ? ' ' : text }),
            headers,
          });
          expect(reply.status).toBeLessThan(500);
          expect([400, 401, 404, 405, 413]).toContain(reply.status);
        },
      ),
      RUNS,
    );
    expect(demo.app.data.orders.get(orderId)).toEqual(before);
  }, 120_000);

  it('payment_complete: no 5xx whatever the parameters, only documented statuses', async () => {
    const demo = await startCardDemo();
    const session = await demo.login();
    await readyForCard(session);
    await confirmWith(session, 'tok_challenge');
    const value = fc.oneof(
      fc.integer(),
      fc.string({ maxLength: 30 }),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.integer()),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('order_id', 'x', 'payment_token'), value),
        async (params) => {
          const reply = await session.call('api/order&call=payment_complete', {
            method: 'POST',
            json: params,
          });
          expect(reply.status).toBeLessThan(500);
          expect([200, 404, 409, 422]).toContain(reply.status);
        },
      ),
      RUNS,
    );
  }, 120_000);
});

describe('payment_refund, fuzzed', () => {
  it('no 5xx whatever the parameters and key, only documented statuses; never more refunded than captured', async () => {
    const demo = await startCardDemo();
    const session = await demo.login();
    await readyForCard(session);
    const { order_id: orderId } = (await confirmWith(session, 'tok_success')).body as CardConfirm;
    await session.call('api/order&call=history_add', {
      form: { order_id: String(orderId), order_status_id: '2' },
    });
    const amount = fc.oneof(
      fc.stringMatching(/^\d{1,3}(\.\d{1,4})?$/),
      fc.double({ noNaN: false }),
      fc.integer(),
      fc.string({ maxLength: 30 }),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.string()),
      fc.constantFrom('0.01', '1e2', '-1', '0x10', ' 1.00 ', '1.', '.5', '99999999999999999999'),
    );
    const id = fc.oneof(fc.constant(orderId), fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null));
    const key = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('k1', 'k2'),
      fc.stringMatching(/^[\x20-\x7e]{0,300}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ order_id: id, amount }, { requiredKeys: [] }),
        key,
        async (params, idempotencyKey) => {
          const reply = await session.call('api/order&call=payment_refund', {
            method: 'POST',
            json: params,
            ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
          });
          expect(reply.status).toBeLessThan(500);
          expect([200, 400, 404, 409, 422]).toContain(reply.status);
        },
      ),
      RUNS,
    );
    const payment = demo.app.data.orders.get(orderId)?.payment;
    if (payment === undefined) throw new Error('no payment');
    expect(compare(payment.refunded, payment.captured)).toBeLessThanOrEqual(0);
    expect(demo.calls.refund).toBe(
      (payment.refundLog ?? []).filter((refund) => refund.state !== 'asked').length,
    );
  }, 120_000);
});
