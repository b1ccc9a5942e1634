/**
 * The reward-point rules (src/domain/pricing/reward.ts): OpenCart's refusals and texts, 0 removing the points.
 */
import { describe, expect, it } from 'vitest';
import { defaultMessages, messageText } from '../../../src/domain/messages.js';
import { checkReward, type RewardCheckFacts } from '../../../src/domain/pricing/reward.js';

const facts = (over: Partial<RewardCheckFacts> = {}): RewardCheckFacts => ({
  balance: 1000,
  cartPoints: 400,
  customerLoggedIn: true,
  ...over,
});

describe('checkReward', () => {
  it('accepts points within the balance and the cart’s points', () => {
    expect(checkReward(400, facts())._unsafeUnwrap()).toBe(400);
  });

  it('accepts 0, which removes the points', () => {
    expect(
      checkReward(0, facts({ balance: 0, cartPoints: 0, customerLoggedIn: false }))._unsafeUnwrap(),
    ).toBe(0);
  });

  it('refuses more than the balance', () => {
    const refusal = checkReward(300, facts({ balance: 200 }))._unsafeUnwrapErr();
    expect(refusal).toEqual({ key: 'reward', id: 'reward.balance', params: { points: 300 } });
    expect(messageText(defaultMessages, refusal.id, refusal.params)).toBe(
      "Warning: You don't have 300 reward points!",
    );
  });

  it('refuses more than the cart’s points', () => {
    const refusal = checkReward(500, facts())._unsafeUnwrapErr();
    expect(refusal).toEqual({ key: 'reward', id: 'reward.maximum', params: { maximum: 400 } });
    expect(messageText(defaultMessages, refusal.id, refusal.params)).toBe(
      'Warning: The maximum number of points that can be applied is 400!',
    );
  });

  it('reports the maximum when both fail (OpenCart’s later error wins)', () => {
    expect(checkReward(500, facts({ balance: 100 }))._unsafeUnwrapErr().id).toBe('reward.maximum');
  });

  it('a guest has no balance', () => {
    expect(checkReward(1, facts({ customerLoggedIn: false }))._unsafeUnwrapErr().id).toBe('reward.balance');
  });

  it('throws on a negative or fractional number (the input layer refuses those)', () => {
    expect(() => checkReward(-1, facts())).toThrow();
    expect(() => checkReward(1.5, facts())).toThrow();
  });
});
