import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import {
  parseStoredSession,
  type SessionMigration,
  sessionMigrations,
} from '../../../src/domain/machine/stored-session.js';
import { sampleSession } from '../../../src/testing/index.js';

const session = sampleSession({
  id: 's1',
  now: '2026-03-02T10:00:00.000Z',
  expiresAt: '2026-03-02T11:00:00.000Z',
});
/** The session as a store hands it back: plain JSON. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('parseStoredSession', () => {
  it('passes a session of the current shape through as stored, unknown keys kept', () => {
    expect(parseStoredSession(stored(session))._unsafeUnwrap()).toEqual(session);
    const withExtra = { ...session, addedByAFutureMinor: true };
    expect(parseStoredSession(stored(withExtra))._unsafeUnwrap()).toEqual(withExtra);
  });

  it('ships no migration yet: version 1 is the first shape', () => {
    expect(sessionMigrations).toEqual([]);
  });

  it('refuses a newer version, naming it, and an older one no migration brings forward', () => {
    expect(parseStoredSession(stored({ ...session, schemaVersion: 2 }))._unsafeUnwrapErr()).toEqual({
      reason: 'newer',
      schemaVersion: 2,
    });
    expect(parseStoredSession(stored({ ...session, schemaVersion: 0 }))._unsafeUnwrapErr()).toEqual({
      reason: 'older',
      schemaVersion: 0,
    });
  });

  it('migrates an older version step by step, then checks the result', () => {
    // A made-up version 0 that kept the cart as `lines` and had no `lastOrder`.
    const { cart, lastOrder: _, ...rest } = session;
    const versionZero = { ...rest, schemaVersion: 0, lines: cart };
    const migrations: SessionMigration[] = [
      { from: 0, migrate: ({ lines, ...old }) => ({ ...old, cart: lines, lastOrder: null }) },
    ];
    expect(parseStoredSession(stored(versionZero), migrations)._unsafeUnwrap()).toEqual(session);
    const broken: SessionMigration[] = [{ from: 0, migrate: (old) => old }];
    expect(parseStoredSession(stored(versionZero), broken)._unsafeUnwrapErr()).toMatchObject({
      reason: 'malformed',
      issue: expect.stringMatching(/^cart: /),
    });
  });

  it.each([
    ['null', null, '(session)'],
    ['a string', 'session', '(session)'],
    ['an array', [session], '(session)'],
    ['no schemaVersion', { ...session, schemaVersion: undefined }, 'schemaVersion'],
    ['a text schemaVersion', { ...session, schemaVersion: '1' }, 'schemaVersion'],
    ['a cart that is not a list', { ...session, cart: {} }, 'cart'],
    ['a negative quantity', { ...session, cart: [{ ...session.cart[0], quantity: -1 }] }, 'cart.0.quantity'],
    [
      'an amount as a number',
      { ...session, shippingMethod: { ...session.shippingMethod, cost: 5 } },
      'shippingMethod.cost',
    ],
    [
      'a float amount string',
      { ...session, shippingMethod: { ...session.shippingMethod, cost: { amount: '5.5', currency: 'USD' } } },
      'shippingMethod.cost.amount',
    ],
    ['an unreadable expiry', { ...session, expiresAt: 'soon' }, 'expiresAt'],
    ['a lower-case currency', { ...session, currency: 'usd' }, 'currency'],
    [
      'an address without a zone',
      { ...session, paymentAddress: { ...session.paymentAddress, zoneId: undefined } },
      'paymentAddress.zoneId',
    ],
  ])('refuses %s as malformed, saying where', (_label, value, where) => {
    const fault = parseStoredSession(stored(value))._unsafeUnwrapErr();
    expect(fault.reason).toBe('malformed');
    expect(fault.reason === 'malformed' && fault.issue.split(':')[0]).toBe(where);
  });

  it('never throws, whatever the store hands back, and passes only what has the shape', () => {
    const field = fc.constantFrom(...(Object.keys(session) as (keyof CheckoutSession)[]));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc
            .tuple(field, fc.jsonValue())
            .map(([key, value]) => ({ ...(stored(session) as object), [key]: value })),
        ),
        (value) => {
          const result = parseStoredSession(value);
          if (result.isOk()) expect(JSON.parse(JSON.stringify(result.value)).schemaVersion).toBe(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
