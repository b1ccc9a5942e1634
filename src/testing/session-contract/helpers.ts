/**
 * Shared pieces of the session-store contract cases: time arithmetic, sessions and lookup checks.
 * @module
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { CartLine, CheckoutSession } from '../../domain/machine/session.js';
import type { SessionLookup, SessionStore } from '../../ports/session-store.js';
import { sampleSession } from '../session-fixtures.js';
import type { SessionStoreFixture } from '../session-store-fixture.js';

/** Registers one case that runs on a fresh fixture. */
export type SessionCase = (title: string, body: (fixture: SessionStoreFixture) => Promise<void>) => void;

/** One minute in milliseconds. */
export const MINUTE_MS = 60_000;
/** One hour in milliseconds: the lifetime of every {@link freshSession}. */
export const HOUR_MS = 60 * MINUTE_MS;
/** One day in milliseconds. */
export const DAY_MS = 24 * HOUR_MS;
/** About ten years in milliseconds: far enough from the system clock that a store reading it shows. */
export const TEN_YEARS_MS = 3652 * DAY_MS;

/** The ISO-8601 form of an instant in milliseconds. */
export const iso = (ms: number): string => new Date(ms).toISOString();

/** A new session at version 1 that expires an hour after the fixture clock's current time. */
export function freshSession(
  fixture: SessionStoreFixture,
  overrides: Partial<CheckoutSession> = {},
): CheckoutSession {
  const now = fixture.clock.now().getTime();
  return sampleSession(
    { id: `cw-contract-${randomUUID()}`, now: iso(now), expiresAt: iso(now + HOUR_MS) },
    overrides,
  );
}

/** The next version of `session`, as the engine would write it. */
export function nextVersion(
  session: CheckoutSession,
  changes: Partial<CheckoutSession> = {},
): CheckoutSession {
  return { ...session, ...changes, version: session.version + 1 };
}

/** Short description of a lookup for failure messages. */
function show(lookup: SessionLookup): string {
  return lookup.status === 'found' ? `found at version ${lookup.session.version}` : lookup.status;
}

/** Asserts that `id` is found and returns the session. */
export async function expectFound(store: SessionStore, id: string, when: string): Promise<CheckoutSession> {
  const lookup = await store.get(id);
  if (lookup.status !== 'found')
    assert.fail(`${when}: expected get to find session ${id}, got ${show(lookup)}`);
  return lookup.session;
}

/** Asserts that the lookup of `id` has one of the `allowed` statuses. */
export async function expectStatus(
  store: SessionStore,
  id: string,
  allowed: readonly SessionLookup['status'][],
  when: string,
): Promise<void> {
  const lookup = await store.get(id);
  assert.ok(
    allowed.includes(lookup.status),
    `${when}: expected get of ${id} to be ${allowed.join(' or ')}, got ${show(lookup)}`,
  );
}

/** Saves and asserts the outcome. */
export async function expectSave(
  store: SessionStore,
  session: CheckoutSession,
  expectedVersion: number,
  outcome: 'saved' | 'conflict',
  when: string,
): Promise<void> {
  const got = await store.save(session, expectedVersion);
  assert.equal(
    got,
    outcome,
    `${when}: save of version ${session.version} over expectedVersion ${expectedVersion} should be ${outcome}`,
  );
}

/** The cart line read-modify-write writer `n` adds. */
export function cartLine(n: number): CartLine {
  return { cartId: `rmw-${n}`, productId: 40, quantity: 1, options: {}, subscriptionPlanId: 0 };
}
