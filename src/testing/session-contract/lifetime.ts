/**
 * Session-store contract: expiry by the injected clock, touch, delete and isolation between ids.
 * @module
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  DAY_MS,
  expectFound,
  expectSave,
  expectStatus,
  freshSession,
  HOUR_MS,
  iso,
  MINUTE_MS,
  nextVersion,
  type SessionCase,
  TEN_YEARS_MS,
} from './helpers.js';

/** Registers the expiry, touch, delete and isolation cases. */
export function registerLifetimeCases(test: SessionCase): void {
  test('a session is found until expiresAt and expired from expiresAt on (never found)', async (fixture) => {
    const session = freshSession(fixture);
    const expiresAt = Date.parse(session.expiresAt);
    await expectSave(fixture.store, session, 0, 'saved', 'first save');
    fixture.clock.set(iso(expiresAt - 1));
    assert.deepStrictEqual(await expectFound(fixture.store, session.id, 'at expiresAt - 1 ms'), session);
    fixture.clock.set(iso(expiresAt));
    await expectStatus(fixture.store, session.id, ['expired'], 'at expiresAt');
    fixture.clock.set(iso(expiresAt + 1));
    await expectStatus(fixture.store, session.id, ['expired', 'missing'], 'at expiresAt + 1 ms');
    fixture.clock.set(iso(expiresAt + 30 * DAY_MS));
    await expectStatus(fixture.store, session.id, ['expired', 'missing'], '30 days after expiresAt');
  });

  test('expiry is judged by the fixture clock, not the system clock', async (fixture) => {
    const past = Date.now() - TEN_YEARS_MS;
    fixture.clock.set(iso(past));
    const session = freshSession(fixture);
    await expectSave(fixture.store, session, 0, 'saved', 'first save, ten years ago');
    await expectFound(fixture.store, session.id, 'with the clock ten years back');
    fixture.clock.set(iso(past + HOUR_MS - 1));
    await expectFound(fixture.store, session.id, 'one hour less 1 ms later by the fixture clock');
    fixture.clock.set(iso(past + HOUR_MS));
    await expectStatus(fixture.store, session.id, ['expired'], 'one hour later by the fixture clock');
  });

  test('touch moves expiry forward without changing the version', async (fixture) => {
    const session = freshSession(fixture);
    const expiresAt = Date.parse(session.expiresAt);
    const later = iso(expiresAt + 30 * MINUTE_MS);
    await expectSave(fixture.store, session, 0, 'saved', 'first save');
    await fixture.store.touch(session.id, later);
    const touched = await expectFound(fixture.store, session.id, 'after touch');
    assert.deepStrictEqual(touched, { ...session, expiresAt: later }, 'touch must change expiresAt only');
    fixture.clock.set(iso(expiresAt));
    await expectFound(fixture.store, session.id, 'at the old expiresAt');
    fixture.clock.set(iso(Date.parse(later) - 1));
    await expectFound(fixture.store, session.id, 'at the new expiresAt - 1 ms');
    fixture.clock.set(later);
    await expectStatus(fixture.store, session.id, ['expired'], 'at the new expiresAt');

    fixture.clock.set(session.createdAt);
    const other = freshSession(fixture);
    await expectSave(fixture.store, other, 0, 'saved', 'first save of a second session');
    await fixture.store.touch(other.id, later);
    await expectSave(fixture.store, nextVersion(other), 1, 'saved', 'save over version 1 after touch');
  });

  test('touch with an earlier expiresAt leaves the expiry as it was (expiry never moves back)', async (fixture) => {
    const session = freshSession(fixture);
    const expiresAt = Date.parse(session.expiresAt);
    const earlier = iso(expiresAt - 30 * MINUTE_MS);
    await expectSave(fixture.store, session, 0, 'saved', 'first save');
    await fixture.store.touch(session.id, earlier);
    const touched = await expectFound(fixture.store, session.id, 'after a touch to an earlier time');
    assert.deepStrictEqual(touched, session, 'a touch to an earlier time must change nothing');
    fixture.clock.set(earlier);
    await expectFound(fixture.store, session.id, 'at the earlier time the touch named');
    fixture.clock.set(iso(expiresAt - 1));
    await expectFound(fixture.store, session.id, 'at the saved expiresAt - 1 ms');
    fixture.clock.set(session.expiresAt);
    await expectStatus(fixture.store, session.id, ['expired'], 'at the saved expiresAt');
  });

  test('touch of an id never saved does nothing', async (fixture) => {
    const id = `cw-contract-${randomUUID()}`;
    await fixture.store.touch(id, iso(fixture.clock.now().getTime() + HOUR_MS));
    await expectStatus(fixture.store, id, ['missing'], 'after touch');
  });

  test('touch does not revive an expired session', async (fixture) => {
    const session = freshSession(fixture);
    const expiresAt = Date.parse(session.expiresAt);
    await expectSave(fixture.store, session, 0, 'saved', 'first save');
    fixture.clock.set(iso(expiresAt));
    await fixture.store.touch(session.id, iso(expiresAt + HOUR_MS));
    await expectStatus(
      fixture.store,
      session.id,
      ['expired', 'missing'],
      'after touch of the expired session',
    );
  });

  test('delete removes the session; deleting a missing id is fine', async (fixture) => {
    const session = freshSession(fixture);
    await expectSave(fixture.store, session, 0, 'saved', 'first save');
    await fixture.store.delete(session.id);
    await expectStatus(fixture.store, session.id, ['missing'], 'after delete');
    await fixture.store.delete(session.id);
    await fixture.store.delete(`cw-contract-${randomUUID()}`);
    await expectSave(fixture.store, session, 0, 'saved', 'save over version 0 after delete');
    assert.deepStrictEqual(await expectFound(fixture.store, session.id, 'after saving again'), session);
  });

  test('sessions are isolated by id', async (fixture) => {
    const a = freshSession(fixture);
    const b = freshSession(fixture, { currency: 'EUR', coupon: null, customer: null });
    await expectSave(fixture.store, a, 0, 'saved', 'first save of A');
    await expectSave(fixture.store, b, 0, 'saved', 'first save of B');
    await expectSave(fixture.store, nextVersion(a, { cart: [] }), 1, 'saved', 'second save of A');
    await fixture.store.touch(a.id, iso(Date.parse(a.expiresAt) + DAY_MS));
    assert.deepStrictEqual(await expectFound(fixture.store, b.id, 'B after writes to A'), b);
    await fixture.store.delete(a.id);
    await expectStatus(fixture.store, a.id, ['missing'], 'A after delete');
    assert.deepStrictEqual(await expectFound(fixture.store, b.id, 'B after A was deleted'), b);
    fixture.clock.set(b.expiresAt);
    await expectStatus(fixture.store, b.id, ['expired'], 'B at its own expiresAt');
  });
}
