/**
 * `cartwright/extensions`: OpenCart's shipping methods (flat, free, item, weight, pickup), payment methods
 * (free_checkout, bank_transfer, cheque, cod) and the IP fraud check, each made from the store's settings.
 * @module
 */

export {
  type BuiltinTotalsOptions,
  couponCalculator,
  createCouponCalculator,
  createCreditCalculator,
  createHandlingCalculator,
  createLowOrderFeeCalculator,
  createRewardCalculator,
  createTaxCalculator,
  createTotalCalculators,
  rewardCalculator,
  shippingCalculator,
  subTotalCalculator,
  taxCalculator,
  totalCalculator,
} from '../domain/pricing/totals/index.js';
export { builtinExtensions, type Extensions } from './builtin-extensions.js';
export type { IpFraudCheckConfig } from './fraud/ip.js';
export { createIpFraudCheck } from './fraud/ip.js';
export { minimalExtensionConfig } from './minimal-config.js';
export * from './payment/index.js';
export * from './shipping/index.js';
