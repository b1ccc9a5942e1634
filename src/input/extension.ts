/**
 * The bodies of the seed's `call=extension` operations (coupon, reward) and `call=affiliate`, parsed into
 * commands. Each field has one key, the one its refusal uses (DECISIONS 42): `coupon`, `reward`, `affiliate_id`.
 * @module
 */
import type { Result } from 'neverthrow';
import { z } from 'zod';
import type { SetAffiliateCommand, SetCouponCommand, SetRewardCommand } from '../domain/commands.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { optionalId, readFields, rule, scalar } from './fields.js';

/** A coupon code as typed: trimmed, at most 20 characters (OpenCart's column); absent or blank removes it. */
const couponCode = scalar(
  z.union([z.union([z.undefined(), z.null()]).transform(() => ''), z.string().trim().max(20)]),
);

/**
 * Parses `coupon`: a code up to 20 characters (`''` removes the coupon). Anything else is `coupon` with
 * OpenCart's `Warning: Coupon is either invalid, expired or reached its usage limit!`.
 */
export function parseCoupon(raw: unknown, messages: MessageCatalog): Result<SetCouponCommand, CheckoutError> {
  const rules = { coupon: rule(couponCode, 'coupon', messageText(messages, 'coupon.invalid')) };
  return readFields(raw, rules, messages)
    .map((fields): SetCouponCommand => ({ type: 'set_coupon', code: fields.coupon }))
    .mapErr((fields) => checkoutError('validation', fields));
}

/**
 * Parses `reward`: a whole number of points, 0 (or absent) removing them. OpenCart takes `abs((int) reward)`, so
 * `-100` spends 100 points; here a negative or malformed value is `reward` with OpenCart's
 * `Warning: Please enter the amount of reward points to use!`.
 */
export function parseReward(raw: unknown, messages: MessageCatalog): Result<SetRewardCommand, CheckoutError> {
  const rules = { reward: rule(optionalId, 'reward', messageText(messages, 'reward.points')) };
  return readFields(raw, rules, messages)
    .map((fields): SetRewardCommand => ({ type: 'set_reward', points: fields.reward }))
    .mapErr((fields) => checkoutError('validation', fields));
}

/** Parses `affiliate_id` (0 or absent removes the affiliate); malformed is `affiliate_id`. */
export function parseAffiliate(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetAffiliateCommand, CheckoutError> {
  const rules = {
    affiliate_id: rule(optionalId, 'affiliate_id', messageText(messages, 'affiliate.not_found')),
  };
  return readFields(raw, rules, messages)
    .map((fields): SetAffiliateCommand => ({ type: 'set_affiliate', affiliateId: fields.affiliate_id }))
    .mapErr((fields) => checkoutError('validation', fields));
}
