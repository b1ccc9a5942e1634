/**
 * The side steps that change what the customer pays or who earns commission: coupon and reward points (the
 * OpenCart's `call=extension`) and the affiliate (`call=affiliate`). Refusals use the field's own key
 * (`coupon`, `reward`, `affiliate_id`) and leave the session unchanged.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../errors.js';
import type { SetAffiliateCommand, SetCouponCommand, SetRewardCommand } from '../machine/commands.js';
import type { CheckoutFacts } from '../machine/facts.js';
import type { CheckoutSession } from '../machine/session.js';
import { messageText } from '../messages.js';
import type { StoreSettings } from '../settings/settings.js';
import { checkSessionCoupon } from './checkout.js';
import type { Pricing } from './pricing.js';
import { checkReward } from './reward.js';

/**
 * Applies a coupon code after checking it against the cart; `''` removes the coupon. Refused first when the
 * totals have no `coupon` step (OpenCart checks `total_coupon_status` before the code), since the code could
 * never take anything off.
 */
export function setCoupon(
  session: CheckoutSession,
  command: SetCouponCommand,
  facts: CheckoutFacts,
  pricing: Pricing,
  settings: StoreSettings,
): Result<CheckoutSession, CheckoutError> {
  if (command.code === '') return ok({ ...session, coupon: null });
  invariant(facts.coupon !== undefined, 'decide: the engine gathered no coupon facts');
  if (!facts.coupon.enabled) {
    return err(checkoutError('validation', { coupon: messageText(facts.messages, 'coupon.disabled') }));
  }
  const lines = pricing.lines(session);
  return checkSessionCoupon(session, facts.coupon, lines, facts, settings)
    .map(() => ({ ...session, coupon: command.code }))
    .mapErr((text) => checkoutError('validation', { coupon: text }));
}

/**
 * Spends reward points of the logged-in customer, within their balance and the cart's points; 0 removes. Refused
 * first when the totals have no `reward` step (OpenCart checks `total_reward_status`), as a coupon is.
 */
export function setReward(
  session: CheckoutSession,
  command: SetRewardCommand,
  facts: CheckoutFacts,
  pricing: Pricing,
): Result<CheckoutSession, CheckoutError> {
  if (command.points === 0) return ok({ ...session, reward: null });
  if (facts.rewardEnabled === false) {
    return err(checkoutError('validation', { reward: messageText(facts.messages, 'reward.disabled') }));
  }
  const lines = pricing.lines(session);
  return checkReward(command.points, {
    balance: facts.rewardBalance ?? 0,
    cartPoints: lines.reduce((points, line) => points + line.points, 0),
    customerLoggedIn: session.loggedInCustomerId !== null,
  })
    .map((points) => ({ ...session, reward: points }))
    .mapErr((refusal) =>
      checkoutError('validation', { reward: messageText(facts.messages, refusal.id, refusal.params) }),
    );
}

/** Sets the affiliate (an existing affiliate account); 0 removes it. */
export function setAffiliate(
  session: CheckoutSession,
  command: SetAffiliateCommand,
  facts: CheckoutFacts,
): Result<CheckoutSession, CheckoutError> {
  if (command.affiliateId === 0) return ok({ ...session, affiliateId: null });
  if (facts.affiliateExists !== true) {
    return err(
      checkoutError('validation', { affiliate_id: messageText(facts.messages, 'affiliate.not_found') }),
    );
  }
  return ok({ ...session, affiliateId: command.affiliateId });
}
