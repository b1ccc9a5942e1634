/**
 * The shape of a stored checkout session of the current `schemaVersion`, as zod checks it: everything the
 * engine reads without looking twice (types, integers, instants, money), so that a session that passes cannot
 * crash it.
 * @module
 */
import { z } from 'zod';
import { isCanonicalAmount, isCurrencyCode } from '../../money/index.js';
import { sessionSchemaVersion } from './session.js';

const count = z.number().int().nonnegative();
const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'not an ISO-8601 instant');
const money = z.object({
  amount: z.string().refine(isCanonicalAmount, 'not a canonical amount'),
  currency: z.string().refine(isCurrencyCode, 'not a currency code'),
});
const customField = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

const customer = z.object({
  customerId: count,
  customerGroupId: count,
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  telephone: z.string(),
  customField,
});

const address = z.object({
  addressId: count,
  firstname: z.string(),
  lastname: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  postcode: z.string(),
  countryId: count,
  country: z.string(),
  isoCode2: z.string(),
  isoCode3: z.string(),
  zoneId: count,
  zone: z.string(),
  zoneCode: z.string(),
  addressFormat: z.string(),
  customField,
});

const cartLine = z.object({
  cartId: z.string(),
  productId: count,
  quantity: z.number().int().positive(),
  options: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  subscriptionPlanId: count,
});

const shippingQuote = z.object({ code: z.string(), name: z.string(), cost: money, taxClassId: count });

const shippingQuoteGroup = z.object({
  code: z.string(),
  title: z.string(),
  quote: z.record(z.string(), shippingQuote),
  sortOrder: z.number().int(),
});

const paymentMethodOffer = z.object({
  code: z.string(),
  name: z.string(),
  option: z.record(z.string(), z.object({ code: z.string(), name: z.string() })),
  sortOrder: z.number().int(),
});

/** A stored session of the current `schemaVersion`. Unknown keys are let through (and kept). */
export const storedSessionSchema = z.object({
  schemaVersion: z.literal(sessionSchemaVersion),
  id: z.string().min(1),
  version: count,
  apiUserId: count,
  createdAt: instant,
  updatedAt: instant,
  expiresAt: instant,
  currency: z.string().refine(isCurrencyCode, 'not a currency code'),
  language: z.string(),
  customer: customer.nullable(),
  loggedInCustomerId: count.nullable(),
  cart: z.array(cartLine),
  paymentAddress: address.nullable(),
  shippingAddress: address.nullable(),
  shippingMethods: z.record(z.string(), shippingQuoteGroup).nullable(),
  shippingMethod: shippingQuote.nullable(),
  paymentMethods: z.record(z.string(), paymentMethodOffer).nullable(),
  paymentMethod: z.object({ code: z.string(), name: z.string() }).nullable(),
  coupon: z.string().nullable(),
  reward: count.nullable(),
  affiliateId: count.nullable(),
  lastOrder: z.object({ orderId: count, fingerprint: z.string() }).nullable(),
});
