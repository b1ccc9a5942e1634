import { describe, expect, it } from 'vitest';
import { createMemoryLoginThrottle } from '../../../src/adapters/memory/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';
import { testClock } from './helpers.js';

describe('memory login throttle', () => {
  it('allows a key until it has failed maxFailures times within the window', async () => {
    const throttle = createMemoryLoginThrottle({ clock: testClock() });
    for (let i = 0; i < 4; i += 1) await throttle.recordFailure('demo|127.0.0.1');
    expect(await throttle.check('demo|127.0.0.1')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await throttle.recordFailure('demo|127.0.0.1');
    expect(await throttle.check('demo|127.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 300 });
    expect((await throttle.check('demo|::1')).allowed).toBe(true);
  });

  it('slides: a key unblocks when its oldest counted failure leaves the window', async () => {
    const clock = testClock();
    const throttle = createMemoryLoginThrottle({ clock, maxFailures: 3, windowSeconds: 60 });
    await throttle.recordFailure('k');
    clock.advanceSeconds(20);
    await throttle.recordFailure('k');
    clock.advanceSeconds(20);
    await throttle.recordFailure('k');
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSeconds: 20 });
    clock.advanceSeconds(19);
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advanceSeconds(1);
    expect(await throttle.check('k')).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // One more failure blocks again: the two recent ones are still in the window.
    await throttle.recordFailure('k');
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });

  it('never reports less than one second to wait', async () => {
    const clock = testClock();
    const throttle = createMemoryLoginThrottle({ clock, maxFailures: 1, windowSeconds: 1 });
    await throttle.recordFailure('k');
    clock.set(new Date(clock.now().getTime() + 999).toISOString());
    expect(await throttle.check('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('checks do not count; reset clears the key', async () => {
    const throttle = createMemoryLoginThrottle({ clock: testClock(), maxFailures: 2 });
    for (let i = 0; i < 10; i += 1) await throttle.check('k');
    await throttle.recordFailure('k');
    expect((await throttle.check('k')).allowed).toBe(true);
    await throttle.recordFailure('k');
    expect((await throttle.check('k')).allowed).toBe(false);
    await throttle.reset('k');
    expect((await throttle.check('k')).allowed).toBe(true);
  });

  it('refuses nonsensical limits', () => {
    const clock = testClock();
    expect(() => createMemoryLoginThrottle({ clock, maxFailures: 0 })).toThrow(CartwrightInvariantError);
    expect(() => createMemoryLoginThrottle({ clock, windowSeconds: 1.5 })).toThrow(CartwrightInvariantError);
  });
});
