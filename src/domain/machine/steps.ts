/**
 * The checkout's state machine as ONE table: for each step, what earlier steps it needs (its guard) and which
 * later selections a change at this step re-checks (its invalidations). Every guard and every invalidation in
 * cartwright reads this table; nothing else decides step order. The state diagram in `docs/checkout-steps.md` is
 * generated from it ({@link stepDiagram}) and a test keeps the two equal.
 *
 * A step needs only what it uses. Cart and address steps need no customer; the
 * shipping steps need a cart that ships; payment methods need customer, cart, the shipping method when the cart
 * ships, and the payment address when `config_checkout_payment_address` is on; confirm needs all of it.
 * @module
 */
import type { FieldErrors } from '../errors.js';
import { type MessageCatalog, type MessageId, messageText } from '../messages.js';
import type { StoreSettings } from '../settings/settings.js';
import type { CheckoutSession } from './session.js';

/** The steps of OpenCart's checkout sequence, in order. */
export type SequenceStep =
  | 'customer'
  | 'cart'
  | 'payment_address'
  | 'shipping_address'
  | 'shipping_method'
  | 'payment_method'
  | 'confirm';

/**
 * Every row of the table: OpenCart's sequence, and the side steps that can happen any time their guard allows
 * (OpenCart's `call=extension` coupon and reward, `call=affiliate`, and the currency switch).
 */
export type StepName = SequenceStep | 'coupon' | 'reward' | 'affiliate' | 'currency';

/** The steps in OpenCart's order. */
export const stepOrder: readonly SequenceStep[] = [
  'customer',
  'cart',
  'payment_address',
  'shipping_address',
  'shipping_method',
  'payment_method',
  'confirm',
];

/**
 * What a guard can ask for; each is also the error key naming the missing step (OpenCart's confirm keys), except
 * `shipping_required`, which is not a step but the cart's property (reported under `warning`).
 */
export type Requirement =
  | 'customer'
  | 'product'
  | 'payment_address'
  | 'shipping_address'
  | 'shipping_method'
  | 'payment_method'
  | 'shipping_required';

/** When a requirement applies. */
export type RequirementCondition = 'always' | 'when_cart_ships' | 'when_payment_address_setting';

/** One entry of a guard. */
export interface Guard {
  readonly needs: Requirement;
  readonly when: RequirementCondition;
}

/** A selection that a change to an earlier step can make stale. */
export type Selection = 'shipping_method' | 'payment_method';

/** Which texts a step's guard answers with: the method steps' session-check texts, or confirm's. */
export type GuardTexts = 'step' | 'confirm';

/** One row of the table. */
export interface StepDefinition {
  readonly guards: readonly Guard[];
  readonly texts: GuardTexts;
  /** Selections whose offer a change at this step may alter: re-checked, dropped when no longer offered. */
  readonly rechecks: readonly Selection[];
}

const always = (needs: Requirement): Guard => ({ needs, when: 'always' });
const whenShips = (needs: Requirement): Guard => ({ needs, when: 'when_cart_ships' });
const whenSetting = (needs: Requirement): Guard => ({ needs, when: 'when_payment_address_setting' });

/**
 * The table. Rechecks: the customer's group changes prices (free-shipping minimums, totals); the cart changes
 * what ships and the totals; the payment address moves payment geo zones; the shipping address moves shipping geo
 * zones and, through the shipping cost, the total; the shipping method, a coupon and reward points change the
 * total (free_checkout). The currency switch re-checks nothing, as no offer can change with it: offers are
 * computed in the default currency from contexts that do not carry the session currency (`ShippingContext`,
 * `PaymentContext`), so free shipping's minimum, free_checkout's zero total and the geo zones read the same
 * before and after (so re-checking on a currency change would always keep everything).
 */
export const steps: Readonly<Record<StepName, StepDefinition>> = {
  customer: { guards: [], texts: 'step', rechecks: ['shipping_method', 'payment_method'] },
  cart: { guards: [], texts: 'step', rechecks: ['shipping_method', 'payment_method'] },
  payment_address: { guards: [], texts: 'step', rechecks: ['payment_method'] },
  shipping_address: {
    guards: [always('shipping_required')],
    texts: 'step',
    rechecks: ['shipping_method', 'payment_method'],
  },
  shipping_method: {
    // A cart that does not ship is told so, and never asked for the shipping address it does not need.
    guards: [always('shipping_required'), whenShips('shipping_address')],
    texts: 'step',
    rechecks: ['payment_method'],
  },
  payment_method: {
    guards: [
      always('customer'),
      always('product'),
      whenSetting('payment_address'),
      whenShips('shipping_method'),
    ],
    texts: 'step',
    rechecks: [],
  },
  coupon: { guards: [always('product')], texts: 'step', rechecks: ['payment_method'] },
  reward: { guards: [always('customer'), always('product')], texts: 'step', rechecks: ['payment_method'] },
  affiliate: { guards: [], texts: 'step', rechecks: [] },
  currency: { guards: [], texts: 'step', rechecks: [] },
  confirm: {
    guards: [
      always('customer'),
      always('product'),
      whenSetting('payment_address'),
      whenShips('shipping_address'),
      whenShips('shipping_method'),
      always('payment_method'),
    ],
    texts: 'confirm',
    rechecks: [],
  },
};

/** What the guards read besides the session: properties of the priced cart. */
export interface GuardState {
  /** Some available cart line needs shipping. */
  readonly cartShips: boolean;
  /** The cart has at least one available line. */
  readonly hasProducts: boolean;
}

/** What a guard reads of the priced cart, or a function computing it when first needed. */
export type GuardStateSource = GuardState | (() => GuardState);

/** Reads the guard state once, only if some requirement asks for it (a cart step's guard prices nothing). */
function lazyState(source: GuardStateSource): () => GuardState {
  if (typeof source !== 'function') return () => source;
  let state: GuardState | undefined;
  return () => {
    state ??= source();
    return state;
  };
}

/** Whether a requirement is met. */
function isMet(needs: Requirement, session: CheckoutSession, state: () => GuardState): boolean {
  switch (needs) {
    case 'customer':
      return session.customer !== null;
    case 'product':
      return state().hasProducts;
    case 'payment_address':
      return session.paymentAddress !== null;
    case 'shipping_address':
      return session.shippingAddress !== null;
    case 'shipping_method':
      return session.shippingMethod !== null;
    case 'payment_method':
      return session.paymentMethod !== null;
    case 'shipping_required':
      return state().cartShips;
  }
}

/** Whether a guard entry applies in this state. */
function applies(guard: Guard, state: () => GuardState, settings: StoreSettings): boolean {
  if (guard.when === 'when_cart_ships') return state().cartShips;
  if (guard.when === 'when_payment_address_setting') return settings.checkoutPaymentAddress;
  return true;
}

/**
 * The text of a missing requirement. The method steps use OpenCart's session-check texts where it gives them
 * (`Customer data required`, `Cart is empty`, `Shipping address required`) and confirm's texts otherwise.
 */
function textId(needs: Exclude<Requirement, 'shipping_required'>, texts: GuardTexts): MessageId {
  if (texts === 'step' && (needs === 'customer' || needs === 'product' || needs === 'shipping_address')) {
    return `step.${needs}`;
  }
  return `confirm.${needs}`;
}

/** The requirements of `step` that are not met now. */
function unmet(
  step: StepName,
  session: CheckoutSession,
  state: () => GuardState,
  settings: StoreSettings,
): Requirement[] {
  return steps[step].guards
    .filter((guard) => applies(guard, state, settings) && !isMet(guard.needs, session, state))
    .map((guard) => guard.needs);
}

/**
 * The guard of `step`: every unmet requirement at once, keyed by the missing step (`warning` for a cart that
 * does not ship). Empty when the step may run. The priced cart is read only when a requirement needs it.
 */
export function checkGuards(
  step: StepName,
  session: CheckoutSession,
  state: GuardStateSource,
  settings: StoreSettings,
  messages: MessageCatalog,
): FieldErrors {
  const errors: Record<string, string> = {};
  for (const needs of unmet(step, session, lazyState(state), settings)) {
    if (needs === 'shipping_required') {
      errors.warning = messageText(messages, 'shipping_address.not_required');
    } else {
      errors[needs] = messageText(messages, textId(needs, steps[step].texts));
    }
  }
  return errors;
}

/** Whether `step` could run now: every requirement of its guard is met. */
export function guardPasses(
  step: StepName,
  session: CheckoutSession,
  state: GuardStateSource,
  settings: StoreSettings,
): boolean {
  return unmet(step, session, lazyState(state), settings).length === 0;
}

/** The selections a change at `step` re-checks. */
export function rechecksOf(step: StepName): readonly Selection[] {
  return steps[step].rechecks;
}

const conditionLabels: Readonly<Record<RequirementCondition, string>> = {
  always: '',
  when_cart_ships: ' (when the cart ships)',
  when_payment_address_setting: ' (when config_checkout_payment_address)',
};

/** The state diagram of the table, as Mermaid flowchart text: guards as arrows into a step, rechecks dashed. */
export function stepDiagram(): string {
  const lines = ['flowchart LR'];
  for (const step of Object.keys(steps) as StepName[]) {
    for (const guard of steps[step].guards) {
      if (guard.needs === 'shipping_required') {
        lines.push(`  cart -->|must ship| ${step}`);
        continue;
      }
      const from = guard.needs === 'product' ? 'cart' : guard.needs;
      lines.push(`  ${from} -->|needed${conditionLabels[guard.when]}| ${step}`);
    }
    for (const selection of steps[step].rechecks) lines.push(`  ${step} -.->|re-checks| ${selection}`);
  }
  return lines.join('\n');
}
