/**
 * The side steps OpenCart's API reaches through `call=extension` (coupon, reward points) and `call=affiliate`. A
 * refusal uses the field's own key (`coupon`, `reward`, `affiliate_id`) and leaves the session unchanged.
 * @module
 */
import { z } from 'zod';
import type { SetAffiliateCommand, SetCouponCommand, SetRewardCommand } from '../domain/machine/commands.js';
import { setAffiliate, setCoupon, setReward } from '../domain/pricing/discounts.js';
import { optionalId, scalar } from './fields.js';
import { field, form } from './form.js';
import { describeRequest, jsonNull, jsonTrimmed } from './json-schema.js';
import { defineStep } from './operation.js';

/** A coupon code: at most 20 characters (OpenCart's column); absent is `''`, which removes the coupon. */
const couponCode = describeRequest(
  scalar(z.union([z.union([z.undefined(), z.null()]).transform(() => ''), z.string().trim().max(20)])),
  {
    jsonSchema: {
      anyOf: [jsonTrimmed('[\\s\\S]{0,20}'), jsonNull],
      description:
        "A coupon code of at most 20 characters (blanks around it are ignored); '' or null removes it.",
    },
  },
);

/** `coupon` (`call=extension&code=coupon`): applies a coupon code; `''` removes it. */
export const coupon = defineStep({
  name: 'coupon',
  method: 'setCoupon',
  summary: 'Applies a coupon code to the cart (an empty code removes it).',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'extension', code: 'coupon' }] },
  input: form(
    { coupon: field(couponCode, 'coupon', 'coupon.invalid') },
    (fields): SetCouponCommand => ({ type: 'set_coupon', code: fields.coupon }),
  ),
  answer: 'summary',
  step: 'coupon',
  facts: (command) => ({ coupon: command.code }),
  rule: setCoupon,
  success: (command) => (command.code === '' ? 'coupon.removed' : 'coupon.success'),
});

/** `reward` (`call=extension&code=reward`): spends the logged-in customer's points; 0 removes them. */
export const reward = defineStep({
  name: 'reward',
  method: 'setReward',
  summary: "Spends the logged-in customer's reward points on the cart (0 removes them).",
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'extension', code: 'reward' }] },
  input: form(
    { reward: field(optionalId, 'reward', 'reward.points') },
    (fields): SetRewardCommand => ({ type: 'set_reward', points: fields.reward }),
  ),
  answer: 'summary',
  step: 'reward',
  facts: (command) => ({ reward: command.points, rewardStatus: true }),
  rule: setReward,
  success: (command) => (command.points === 0 ? 'reward.removed' : 'reward.success'),
});

/** `affiliate` (`call=affiliate`): sets the affiliate the commission goes to; 0 removes it. */
export const affiliate = defineStep({
  name: 'affiliate',
  method: 'setAffiliate',
  summary: 'Sets the affiliate the order commission goes to (0 removes it).',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'affiliate' }] },
  input: form(
    { affiliate_id: field(optionalId, 'affiliate_id', 'affiliate.not_found') },
    (fields): SetAffiliateCommand => ({ type: 'set_affiliate', affiliateId: fields.affiliate_id }),
  ),
  answer: 'step',
  step: 'affiliate',
  facts: (command) => (command.affiliateId === 0 ? {} : { affiliateId: command.affiliateId }),
  rule: setAffiliate,
  success: (command) => (command.affiliateId === 0 ? 'affiliate.removed' : 'affiliate.success'),
});
