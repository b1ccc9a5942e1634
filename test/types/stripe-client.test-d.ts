/**
 * The official `stripe` SDK's client satisfies the structural type the Stripe adapter takes, so a host passes
 * its `new Stripe(key)` as is.
 */
import Stripe from 'stripe';
import { expectTypeOf, test } from 'vitest';
import type { StripeLike } from '../../src/adapters/stripe/index.js';

test('a Stripe client is a StripeLike', () => {
  expectTypeOf(new Stripe('sk_test_123')).toExtend<StripeLike>();
});
