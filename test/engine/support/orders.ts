/**
 * Getting a demo session to confirm: every step of the seed in order, through the engine, and stock readers.
 */
import type { ConfirmResult } from '../../../src/operations/answers.js';
import type { CartItemRequest, ConfirmRequest, CustomerRequest } from '../../../src/operations/requests.js';
import { type DemoCheckout, expectOk, guest, ukAddress } from './demo-checkout.js';

/** Grace Hopper's e-mail (customer 1, 1000 reward points): a customer step with it logs the session in. */
export const graceHopper = { ...guest, firstname: 'Grace', lastname: 'Hopper', email: 'grace@example.com' };

/** What {@link readyToConfirm} sets; each has a default. */
export interface ReadySteps {
  /** Default: a guest. */
  readonly customer?: CustomerRequest;
  /** Default: one iPhone (product 40). */
  readonly products?: readonly CartItemRequest[];
  /** Default `flat.flat`. */
  readonly shippingMethod?: string;
  /** Default `cod`. */
  readonly paymentMethod?: string;
  /** The payment and shipping address; default {@link ukAddress} (Lancashire). */
  readonly address?: typeof ukAddress;
}

/**
 * Runs customer → cart → payment address → shipping address → shipping methods → shipping method → payment
 * methods → payment method on `sessionId` (UK addresses by default: Lancashire, in the VAT and shipping zones).
 */
export async function readyToConfirm(d: DemoCheckout, sessionId: string, steps: ReadySteps = {}) {
  const { checkout } = d;
  await expectOk(checkout.setCustomer(sessionId, steps.customer ?? guest));
  await expectOk(checkout.addProducts(sessionId, { product: steps.products ?? [{ product_id: 40 }] }));
  const address = steps.address ?? ukAddress;
  await expectOk(checkout.setPaymentAddress(sessionId, address('payment_')));
  await expectOk(checkout.setShippingAddress(sessionId, address('shipping_')));
  await expectOk(checkout.getShippingMethods(sessionId));
  await expectOk(
    checkout.setShippingMethod(sessionId, { shipping_method: steps.shippingMethod ?? 'flat.flat' }),
  );
  await expectOk(checkout.getPaymentMethods(sessionId));
  await expectOk(checkout.setPaymentMethod(sessionId, { payment_method: steps.paymentMethod ?? 'cod' }));
}

/** A fresh session ready to confirm. */
export async function readySession(d: DemoCheckout, steps: ReadySteps = {}): Promise<string> {
  const sessionId = await d.open();
  await readyToConfirm(d, sessionId, steps);
  return sessionId;
}

/** Confirms and answers the result, failing the test on an error. */
export function confirmOk(d: DemoCheckout, sessionId: string, request: ConfirmRequest = {}, key?: string) {
  return expectOk<ConfirmResult>(
    d.checkout.confirm(sessionId, request, key === undefined ? {} : { idempotencyKey: key }),
  );
}

/** The stock of a product, as the memory tables hold it now. */
export function stockOf(d: DemoCheckout, productId: number): number {
  const product = d.data.products.get(productId);
  if (product === undefined) throw new Error(`no product ${productId}`);
  return product.quantity;
}

/** The stock of an option value of a product. */
export function valueStockOf(d: DemoCheckout, productId: number, productOptionValueId: number): number {
  const product = d.data.products.get(productId);
  const value = product?.options
    .flatMap((o) => o.values)
    .find((v) => v.productOptionValueId === productOptionValueId);
  if (value === undefined) throw new Error(`no option value ${productOptionValueId} on ${productId}`);
  return value.quantity;
}

/** Grace Hopper's reward balance, from the memory ledger. */
export function pointsOf(d: DemoCheckout, customerId = 1): Promise<number> {
  return d.adapters.customers.getRewardBalance(customerId);
}
