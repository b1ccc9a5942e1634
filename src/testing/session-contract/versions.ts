/**
 * Session-store contract: look-ups and compare-and-set saves, alone and under concurrency.
 * @module
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import {
  cartLine,
  expectFound,
  expectSave,
  expectStatus,
  freshSession,
  nextVersion,
  type SessionCase,
} from './helpers.js';

/** Registers the look-up and compare-and-set cases. */
export function registerVersionCases(test: SessionCase): void {
  test('get of an id never saved is missing', async ({ store }) => {
    await expectStatus(store, `cw-contract-${randomUUID()}`, ['missing'], 'unknown id');
  });

  test('a first save (expectedVersion 0) is found again, deep-equal through JSON', async (fixture) => {
    const session = freshSession(fixture);
    await expectSave(fixture.store, session, 0, 'saved', 'first save');
    const found = await expectFound(fixture.store, session.id, 'after the first save');
    assert.deepStrictEqual(found, session, 'the stored session differs from the one saved');
    assert.deepStrictEqual(JSON.parse(JSON.stringify(found)), found, 'the stored session is not plain JSON');
  });

  test('save over the stored version writes the new session', async (fixture) => {
    const v1 = freshSession(fixture);
    await expectSave(fixture.store, v1, 0, 'saved', 'first save');
    const v2 = nextVersion(v1, { coupon: null, reward: null, cart: v1.cart.slice(1) });
    await expectSave(fixture.store, v2, 1, 'saved', 'second save');
    assert.deepStrictEqual(await expectFound(fixture.store, v1.id, 'after the second save'), v2);
  });

  test('save over a stale version is a conflict and writes nothing', async (fixture) => {
    const v1 = freshSession(fixture);
    await expectSave(fixture.store, v1, 0, 'saved', 'first save');
    const v2 = nextVersion(v1, { coupon: '3333' });
    await expectSave(fixture.store, v2, 1, 'saved', 'second save');
    const stale = nextVersion(v1, { coupon: '1111' });
    await expectSave(fixture.store, stale, 1, 'conflict', 'save over the stale version 1');
    await expectSave(
      fixture.store,
      nextVersion(v2, { coupon: '4444' }),
      3,
      'conflict',
      'save over version 3',
    );
    assert.deepStrictEqual(await expectFound(fixture.store, v1.id, 'after the conflicts'), v2);
  });

  test('save with expectedVersion 0 over an existing session is a conflict and writes nothing', async (fixture) => {
    const v1 = freshSession(fixture);
    await expectSave(fixture.store, v1, 0, 'saved', 'first save');
    await expectSave(fixture.store, { ...v1, coupon: '1111' }, 0, 'conflict', 'second save over version 0');
    assert.deepStrictEqual(await expectFound(fixture.store, v1.id, 'after the conflict'), v1);
  });

  test('save with a non-zero expectedVersion when nothing is stored is a conflict', async (fixture) => {
    const session = freshSession(fixture, { version: 2 });
    await expectSave(fixture.store, session, 1, 'conflict', 'save over version 1 of a missing session');
    await expectStatus(fixture.store, session.id, ['missing'], 'after the conflict');
  });

  test('of 50 concurrent saves over the same version exactly one is saved, and it is stored', async (fixture) => {
    const v1 = freshSession(fixture);
    await expectSave(fixture.store, v1, 0, 'saved', 'first save');
    const racers = Array.from({ length: 50 }, (_, i) => nextVersion(v1, { coupon: `racer-${i}` }));
    const outcomes = await Promise.all(racers.map((racer) => fixture.store.save(racer, 1)));
    const winners = racers.filter((_, i) => outcomes[i] === 'saved');
    assert.equal(winners.length, 1, `expected exactly one saved, got ${winners.length}`);
    assert.equal(outcomes.filter((o) => o === 'conflict').length, 49, 'the others must be conflicts');
    assert.deepStrictEqual(await expectFound(fixture.store, v1.id, 'after the race'), winners[0]);
  });

  test('200 concurrent read-modify-write loops that retry on conflict lose no write', async (fixture) => {
    const v1 = freshSession(fixture, { cart: [] });
    await expectSave(fixture.store, v1, 0, 'saved', 'first save');
    const writers = 200;
    const maxAttempts = 10_000;
    const addLine = async (n: number): Promise<void> => {
      for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
        const current = await expectFound(fixture.store, v1.id, `writer ${n}`);
        const next = nextVersion(current, { cart: [...current.cart, cartLine(n)] });
        if ((await fixture.store.save(next, current.version)) === 'saved') return;
      }
      assert.fail(`writer ${n} got a conflict ${maxAttempts} times in a row`);
    };
    await Promise.all(Array.from({ length: writers }, (_, n) => addLine(n)));
    const final = await expectFound(fixture.store, v1.id, 'after the writers');
    const ids = new Set(final.cart.map((line) => line.cartId));
    assert.equal(final.cart.length, writers, `expected ${writers} cart lines, got ${final.cart.length}`);
    for (let n = 0; n < writers; n += 1) assert.ok(ids.has(`rmw-${n}`), `the line of writer ${n} was lost`);
    assert.equal(final.version, 1 + writers, 'every successful save adds one version');
  });
}
