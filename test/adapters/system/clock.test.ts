import { describe, expect, it } from 'vitest';
import { createSystemClock } from '../../../src/adapters/system/index.js';

describe('createSystemClock', () => {
  it('reads the machine time, as a new Date each call', () => {
    const clock = createSystemClock();
    const before = Date.now();
    const first = clock.now();
    const after = Date.now();
    expect(first.getTime()).toBeGreaterThanOrEqual(before);
    expect(first.getTime()).toBeLessThanOrEqual(after);
    expect(clock.now()).not.toBe(first);
  });
});
