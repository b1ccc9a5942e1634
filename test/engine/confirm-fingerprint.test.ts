/**
 * What confirm fingerprints: the SHA-256 (as node:crypto computes it) of the session's content and the confirm
 * fields, written canonically.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmFingerprintSource } from '../../src/domain/order/confirm.js';
import { demoCheckout } from './support/demo-checkout.js';
import { confirmOk, readySession } from './support/orders.js';

const input = { orderId: 0, orderStatusId: null, comment: 'at the door', affiliateId: null };

describe("confirm's fingerprint", () => {
  it("is node's SHA-256 of the session's canonical content, in lower-case hex", async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const before = await d.stored(sessionId);
    await confirmOk(d, sessionId, { comment: 'at the door' });
    const fingerprint = (await d.stored(sessionId)).lastOrder?.fingerprint;
    const expected = createHash('sha256')
      .update(confirmFingerprintSource(before, input), 'utf8')
      .digest('hex');
    expect(fingerprint).toBe(expected);
  });
});
