import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { createFixedClock, createManualClock } from '../../src/testing/index.js';

describe('createFixedClock', () => {
  it('always answers the instant it was given', () => {
    const clock = createFixedClock('2024-05-01T10:00:00Z');
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('returns a fresh Date each time, so changing one does not move the clock', () => {
    const clock = createFixedClock('2024-05-01T10:00:00.250Z');
    const first = clock.now();
    expect(clock.now()).not.toBe(first);
    first.setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.250Z');
  });

  it('reads offsets and plain dates as fixed instants', () => {
    expect(createFixedClock('2024-05-01T12:00:00+02:00').now().toISOString()).toBe(
      '2024-05-01T10:00:00.000Z',
    );
    expect(createFixedClock('2024-05-01').now().toISOString()).toBe('2024-05-01T00:00:00.000Z');
  });

  it.each([
    '2024-05-01T10:00:00',
    'not a date',
    '',
    '2024-13-45T10:00:00Z',
    'Wed, 01 May 2024 10:00:00 GMT',
    '1714557600000',
  ])('refuses %j (no time zone, or not ISO-8601)', (input) => {
    expect(() => createFixedClock(input)).toThrow(CartwrightInvariantError);
  });
});

describe('createManualClock', () => {
  it('stands still until moved', () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('advances by milliseconds and by seconds', () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    clock.advance(1);
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.001Z');
    clock.advanceSeconds(3600);
    expect(clock.now().toISOString()).toBe('2024-05-01T11:00:00.001Z');
    clock.advanceSeconds(0.5);
    expect(clock.now().toISOString()).toBe('2024-05-01T11:00:00.501Z');
    clock.advance(0);
    expect(clock.now().toISOString()).toBe('2024-05-01T11:00:00.501Z');
  });

  it('sets any instant, forward or back', () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    clock.set('2030-01-01T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    clock.set('2001-02-03T04:05:06.789+01:00');
    expect(clock.now().toISOString()).toBe('2001-02-03T03:05:06.789Z');
  });

  it('returns a fresh Date each time', () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const seen = clock.now();
    seen.setTime(0);
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
    clock.advance(5);
    expect(seen.getTime()).toBe(0);
  });

  it('satisfies the Clock port and can be shared by reference', () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const reader = { clock };
    clock.advanceSeconds(60);
    expect(reader.clock.now().toISOString()).toBe('2024-05-01T10:01:00.000Z');
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses to advance by %d', (amount) => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    expect(() => clock.advance(amount)).toThrow(CartwrightInvariantError);
    expect(() => clock.advanceSeconds(amount)).toThrow(CartwrightInvariantError);
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('refuses to leave the range of Date', () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    expect(() => clock.advance(8.64e15)).toThrow(CartwrightInvariantError);
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });

  it('refuses a start or set without a time zone, and keeps its time on a refused set', () => {
    expect(() => createManualClock('2024-05-01T10:00:00')).toThrow(CartwrightInvariantError);
    const clock = createManualClock('2024-05-01T10:00:00Z');
    expect(() => clock.set('tomorrow')).toThrow(CartwrightInvariantError);
    expect(clock.now().toISOString()).toBe('2024-05-01T10:00:00.000Z');
  });
});
