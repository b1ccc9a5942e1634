import { describe, expect, it } from 'vitest';
import { createMemoryLoginThrottle } from '../../../src/adapters/memory/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';
import type { LoginAttempt } from '../../../src/ports/login-throttle.js';
import { testClock } from './helpers.js';

const demo: LoginAttempt = { username: 'demo', ip: '127.0.0.1' };
const k: LoginAttempt = { username: 'k', ip: '192.0.2.1' };

describe('memory login throttle', () => {
  it('allows a username and address until they have failed maxFailures times within the window', async () => {
    const throttle = createMemoryLoginThrottle({ clock: testClock() });
    for (let i = 0; i < 4; i += 1) await throttle.recordFailure(demo);
    expect(await throttle.check(demo)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await throttle.recordFailure(demo);
    expect(await throttle.check(demo)).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect((await throttle.check({ username: 'demo', ip: '::1' })).allowed).toBe(true);
    expect((await throttle.check({ username: 'other', ip: '127.0.0.1' })).allowed).toBe(true);
  });

  it('blocks an address that fails maxFailuresPerIp times, whatever usernames it rotates through', async () => {
    const throttle = createMemoryLoginThrottle({ clock: testClock(), maxFailures: 5, maxFailuresPerIp: 20 });
    const guess = (i: number): LoginAttempt => ({ username: `user-${i}`, ip: '198.51.100.9' });
    for (let i = 0; i < 19; i += 1) {
      expect((await throttle.check(guess(i))).allowed).toBe(true);
      await throttle.recordFailure(guess(i));
    }
    expect((await throttle.check(guess(19))).allowed).toBe(true);
    await throttle.recordFailure(guess(19));
    expect(await throttle.check(guess(20))).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect((await throttle.check({ ...guess(20), ip: '198.51.100.10' })).allowed).toBe(true);
  });

  it('reset clears the username at the address but not the address count', async () => {
    const throttle = createMemoryLoginThrottle({ clock: testClock(), maxFailures: 2, maxFailuresPerIp: 3 });
    await throttle.recordFailure({ username: 'a', ip: '192.0.2.1' });
    await throttle.recordFailure({ username: 'a', ip: '192.0.2.1' });
    expect((await throttle.check({ username: 'a', ip: '192.0.2.1' })).allowed).toBe(false);
    // A valid login (say of user b) between guesses must not wipe the address's count.
    await throttle.reset({ username: 'a', ip: '192.0.2.1' });
    expect((await throttle.check({ username: 'a', ip: '192.0.2.1' })).allowed).toBe(true);
    await throttle.recordFailure({ username: 'c', ip: '192.0.2.1' });
    expect((await throttle.check({ username: 'b', ip: '192.0.2.1' })).allowed).toBe(false);
  });

  it('answers the longer wait when both counters are full', async () => {
    const clock = testClock();
    const throttle = createMemoryLoginThrottle({
      clock,
      maxFailures: 1,
      maxFailuresPerIp: 2,
      windowSeconds: 60,
    });
    await throttle.recordFailure({ username: 'x', ip: '192.0.2.1' });
    clock.advanceSeconds(10);
    await throttle.recordFailure(k);
    // The pair (k) unblocks in 60 s, the address (first failure 10 s ago) in 50 s.
    expect(await throttle.check(k)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(await throttle.check({ username: 'y', ip: '192.0.2.1' })).toEqual({
      allowed: false,
      retryAfterSeconds: 50,
    });
  });

  it('slides: an attempt unblocks when its oldest counted failure leaves the window', async () => {
    const clock = testClock();
    const throttle = createMemoryLoginThrottle({ clock, maxFailures: 3, windowSeconds: 60 });
    await throttle.recordFailure(k);
    clock.advanceSeconds(20);
    await throttle.recordFailure(k);
    clock.advanceSeconds(20);
    await throttle.recordFailure(k);
    expect(await throttle.check(k)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    clock.advanceSeconds(19);
    expect(await throttle.check(k)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advanceSeconds(1);
    expect(await throttle.check(k)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // One more failure blocks again: the two recent ones are still in the window.
    await throttle.recordFailure(k);
    expect(await throttle.check(k)).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('never reports less than one second to wait', async () => {
    const clock = testClock();
    const throttle = createMemoryLoginThrottle({ clock, maxFailures: 1, windowSeconds: 1 });
    await throttle.recordFailure(k);
    clock.set(new Date(clock.now().getTime() + 999).toISOString());
    expect(await throttle.check(k)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('checks do not count; reset clears the pair', async () => {
    const throttle = createMemoryLoginThrottle({ clock: testClock(), maxFailures: 2 });
    for (let i = 0; i < 10; i += 1) await throttle.check(k);
    await throttle.recordFailure(k);
    expect((await throttle.check(k)).allowed).toBe(true);
    await throttle.recordFailure(k);
    expect((await throttle.check(k)).allowed).toBe(false);
    await throttle.reset(k);
    expect((await throttle.check(k)).allowed).toBe(true);
  });

  it('refuses nonsensical limits', () => {
    const clock = testClock();
    expect(() => createMemoryLoginThrottle({ clock, maxFailures: 0 })).toThrow(CartwrightInvariantError);
    expect(() => createMemoryLoginThrottle({ clock, maxFailuresPerIp: -1 })).toThrow(
      CartwrightInvariantError,
    );
    expect(() => createMemoryLoginThrottle({ clock, windowSeconds: 1.5 })).toThrow(CartwrightInvariantError);
  });
});
