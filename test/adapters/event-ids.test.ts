import fc from 'fast-check';
import { UUID } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { newEventId, uuidText } from '../../src/adapters/event-ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newEventId', () => {
  it('makes UUIDv7s, each once, in the order they were made (past several pools of random words)', () => {
    const ids = Array.from({ length: 5000 }, () => newEventId());
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('carries the time it was made in its first 48 bits', () => {
    const before = Date.now();
    const id = newEventId();
    const ms = Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
  });

  it('writes any 16 bytes as the UUID text the uuidv7 library writes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        expect(uuidText(bytes)).toBe(UUID.ofInner(bytes).toString());
      }),
    );
  });
});
