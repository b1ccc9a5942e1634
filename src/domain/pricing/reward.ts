/**
 * The reward-point rules (OpenCart's `api/reward`): how many points a customer may spend on this
 * cart. Pure: the balance and the cart's points price are facts gathered beforehand.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { invariant } from '../errors.js';
import type { MessageId, MessageParams } from '../messages.js';

/** What spending points is checked against. */
export interface RewardCheckFacts {
  /** The logged-in customer's point balance. */
  readonly balance: number;
  /** The cart's points price: the sum of its lines' points (OpenCart's line `points`). */
  readonly cartPoints: number;
  readonly customerLoggedIn: boolean;
}

/** A refusal, on the `reward` field, with the text's id and its placeholders. */
export interface RewardRefusal {
  readonly key: 'reward';
  readonly id: MessageId;
  readonly params: MessageParams;
}

/**
 * Checks spending `points` (a whole number, at least 0; the input layer takes care of signs and junk). 0 is
 * accepted and means "spend none" (it removes the points). A guest has no balance. Of OpenCart's two refusals
 * the later one wins when both apply, as its string errors overwrite each other: more than the cart's points
 * price → `Warning: The maximum number of points that can be applied is <cart points>!`; else more than the
 * balance → `Warning: You don't have <points> reward points!`.
 * @throws CartwrightInvariantError when `points` is not a non-negative safe integer.
 */
export function checkReward(points: number, facts: RewardCheckFacts): Result<number, RewardRefusal> {
  invariant(
    Number.isSafeInteger(points) && points >= 0,
    () => `reward: points must be a whole number ≥ 0, got ${points}`,
  );
  if (points === 0) return ok(0);
  if (points > facts.cartPoints) {
    return err({ key: 'reward', id: 'reward.maximum', params: { maximum: facts.cartPoints } });
  }
  const balance = facts.customerLoggedIn ? facts.balance : 0;
  if (points > balance) return err({ key: 'reward', id: 'reward.balance', params: { points } });
  return ok(points);
}
