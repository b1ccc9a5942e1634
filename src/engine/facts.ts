/**
 * Gathering the facts a command needs, through the ports, before `decide` runs. Reads are batched: every product
 * a command needs comes from one `catalog.getProducts` call whatever the number of cart lines and items, and
 * independent reads run together. That is the command's only catalog read, except that a session whose coupon
 * is limited to categories also reads the category tree (`catalog.getCategories`) for the coupon check.
 *
 * The tax table is read for every class in play (cart lines, the chosen and the stored shipping quotes, the
 * calculators' fees). What only the decision reveals (a fresh quote's tax class, a remote method's answer for the
 * next session) it names as wanted, and {@link widenFacts} adds it.
 *
 * Some facts only some commands need, as their plan says: the customer step's accounts, group and custom fields;
 * an address step's country and custom fields; whether an affiliate exists; whether the totals have a reward step.
 *
 * Every shipping and payment method is a pure rule `decide` runs; a method whose rule prices from a remote source
 * (a carrier's rates) has a `gather`, which is asked for the contexts a decision named as wanted (each a port
 * call, all at once) before deciding again with the answers as facts ({@link widenFacts}).
 * @module
 */

import { err, ok, type Result } from 'neverthrow';
import { resolveCustomerGroupId } from '../domain/customer/rules.js';
import type { CheckoutError, UnavailableError } from '../domain/errors.js';
import type { CustomerInput } from '../domain/machine/commands.js';
import type { WantedFacts } from '../domain/machine/decide.js';
import type {
  AddressFacts,
  CheckoutFacts,
  CouponFacts,
  CustomerFacts,
  TaxFacts,
  TimeFacts,
} from '../domain/machine/facts.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { pricingGroupId } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { GatheredAnswer, MethodFacts, WantedRead } from '../domain/methods/offers.js';
import { createPricing, type Pricing, type PricingFacts } from '../domain/pricing/pricing.js';
import type { Category, Product } from '../domain/records/catalog.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { FactPlan } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext, newIds, readClock, secondsAfter } from './context.js';

/** Facts being put together, one field at a time (set fields keep one shape; spread ones do not). */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** No products: what a command that names none reads. */
const noProducts: ReadonlyMap<number, Product> = new Map();

/** Every product of `ids` in one catalog read (none when there are no ids), as a map by id. */
export async function readProducts(
  context: EngineContext,
  messages: MessageCatalog,
  ids: readonly number[],
): Answer<ReadonlyMap<number, Product>> {
  if (ids.length === 0) return ok(noProducts);
  const read = await askPort('catalog', messages, () => context.deps.catalog.getProducts(ids));
  if (read.isErr()) return err(read.error);
  const products = new Map<number, Product>();
  for (const product of read.value) products.set(product.productId, product);
  return ok(products);
}

/** The product ids the session's cart and the plan name, each once. */
function productIdsOf(session: CheckoutSession, plan: FactPlan): number[] {
  const ids = new Set<number>();
  for (const line of session.cart) if (line.productId > 0) ids.add(line.productId);
  for (const id of plan.productIds ?? []) if (id > 0) ids.add(id);
  return [...ids];
}

/** The time-dependent facts, read once per request from the clock; a failing clock is `unavailable` `clock`. */
export function readTimeFacts(
  context: EngineContext,
  messages: MessageCatalog,
): Result<TimeFacts, UnavailableError> {
  return readClock(context, messages).map((now) => timeFactsAt(context, now));
}

/**
 * The time-dependent facts at `now` (the request's instant, read once from the clock). Requests in the same
 * millisecond share them, through the engine's cache: writing the instants out is a good part of a small
 * command's own work.
 */
export function timeFactsAt(context: EngineContext, now: Date): TimeFacts {
  const { ttlSeconds } = context;
  return context.cache.timeAt(now.getTime(), ttlSeconds, () => {
    const instant = now.toISOString();
    return { now: instant, today: instant.slice(0, 10), expiresAt: secondsAfter(now, ttlSeconds) };
  });
}

/** The tax classes in play: the products', the chosen and stored quotes', and the calculators' own. */
function taxClassesOf(
  context: EngineContext,
  session: CheckoutSession,
  products: ReadonlyMap<number, Product>,
): number[] {
  const ids = new Set<number>();
  for (const product of products.values()) ids.add(product.taxClassId);
  if (session.shippingMethod !== null) ids.add(session.shippingMethod.taxClassId);
  for (const group of Object.values(session.shippingMethods ?? {})) {
    for (const quote of Object.values(group.quote)) ids.add(quote.taxClassId);
  }
  for (const calculator of context.calculators) for (const id of calculator.taxClassIds ?? []) ids.add(id);
  return [...ids].filter((id) => id > 0).sort((a, b) => a - b);
}

/** The tax rules and rates of `classIds` (no read for none). */
async function readTax(
  context: EngineContext,
  messages: MessageCatalog,
  classIds: readonly number[],
  geoZones: readonly GeoZone[],
): Answer<TaxFacts> {
  if (classIds.length === 0) return ok({ classIds, table: { rules: [], rates: [] }, geoZones });
  const table = await askPort('taxes', messages, () => context.deps.taxes.getTaxTable(classIds));
  return table.isErr() ? err(table.error) : ok({ classIds, table: table.value, geoZones });
}

/**
 * The coupon the session (or the command) names, its uses by the logged-in customer, and the category tree when
 * the coupon is limited to categories (its check walks the tree below them; any other coupon needs no tree, so
 * the catalog is not asked for one).
 */
function couponFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  code: string | null,
): Answer<CouponFacts | undefined> {
  return code === null || code === '' ? nothingToRead : readCoupon(context, messages, session, code);
}

/** Nothing read: what a fact nobody needs answers. */
const nothingToRead: Answer<undefined> = Promise.resolve(ok(undefined));

/** No category tree: what a coupon not limited to categories is checked with (frozen, so it can key a cache). */
const noCategories: readonly Category[] = Object.freeze([]);

/** The coupon of `code` and what its check needs. */
async function readCoupon(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  code: string,
): Answer<CouponFacts> {
  const { coupons, catalog } = context.deps;
  const enabled = context.calculators.some((calculator) => calculator.code === 'coupon');
  const found = await askPort('coupons', messages, () => coupons.getCoupon(code));
  if (found.isErr()) return err(found.error);
  const coupon = found.value;
  if (coupon === undefined) return ok({ enabled, coupon, uses: { total: 0, customer: 0 }, categories: [] });
  const [uses, categories] = await Promise.all([
    askPort('coupons', messages, () => coupons.countUses(coupon.couponId, session.loggedInCustomerId ?? 0)),
    coupon.categoryIds.length === 0
      ? ok<readonly Category[], CheckoutError>(noCategories)
      : askPort('catalog', messages, () => catalog.getCategories()),
  ]);
  if (uses.isErr()) return err(uses.error);
  if (categories.isErr()) return err(categories.error);
  return ok({ enabled, coupon, uses: uses.value, categories: categories.value });
}

/** The logged-in customer's reward balance, when points are or are about to be spent. */
function rewardFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  spends: boolean,
): Answer<number | undefined> {
  const customerId = session.loggedInCustomerId;
  if (!spends || customerId === null) return nothingToRead;
  return askPort('customers', messages, () => context.deps.customers.getRewardBalance(customerId));
}

/** What every command and every view reads: products, geo zones, coupon and reward balance. */
interface BaseFacts {
  readonly products: ReadonlyMap<number, Product>;
  readonly geoZones: readonly GeoZone[];
  readonly coupon?: CouponFacts;
  readonly rewardBalance?: number;
}

/** Products, geo zones, coupon and reward facts, read together. */
async function baseFacts(
  context: EngineContext,
  session: CheckoutSession,
  plan: FactPlan,
  messages: MessageCatalog,
): Answer<BaseFacts> {
  const code = plan.coupon ?? session.coupon;
  const spends = (plan.reward ?? session.reward ?? 0) > 0;
  // Each asked at once, then awaited in turn: none of these rejects (a port's failure is a result).
  const askedProducts = readProducts(context, messages, productIdsOf(session, plan));
  const askedGeoZones = askPort('geo', messages, () => context.deps.geo.getGeoZones());
  const askedCoupon = couponFacts(context, messages, session, code);
  const askedReward = rewardFacts(context, messages, session, spends);
  const products = await askedProducts;
  const geoZones = await askedGeoZones;
  const coupon = await askedCoupon;
  const rewardBalance = await askedReward;
  if (products.isErr()) return err(products.error);
  if (geoZones.isErr()) return err(geoZones.error);
  if (coupon.isErr()) return err(coupon.error);
  if (rewardBalance.isErr()) return err(rewardBalance.error);
  const facts: Writable<BaseFacts> = { products: products.value, geoZones: geoZones.value };
  if (coupon.value !== undefined) facts.coupon = coupon.value;
  if (rewardBalance.value !== undefined) facts.rewardBalance = rewardBalance.value;
  return ok(facts);
}

/** The customer step's facts: the account, the resolved group, its custom fields, the account by e-mail. */
async function customerFacts(
  context: EngineContext,
  messages: MessageCatalog,
  input: CustomerInput,
): Answer<CustomerFacts> {
  const { customers } = context.deps;
  const groupId = resolveCustomerGroupId(input, context.settings);
  const email = input.email.trim();
  const [account, group, customFields, emailAccount] = await Promise.all([
    askPort('customers', messages, () =>
      input.customerId > 0 ? customers.getCustomer(input.customerId) : Promise.resolve(undefined),
    ),
    askPort('customers', messages, () => customers.getCustomerGroup(groupId)),
    askPort('customers', messages, () => customers.getCustomFields(groupId)),
    askPort('customers', messages, () =>
      email === '' ? Promise.resolve(undefined) : customers.findCustomerByEmail(email),
    ),
  ]);
  if (account.isErr()) return err(account.error);
  if (group.isErr()) return err(group.error);
  if (customFields.isErr()) return err(customFields.error);
  if (emailAccount.isErr()) return err(emailAccount.error);
  return ok({
    account: account.value,
    group: group.value,
    customFields: group.value === undefined ? [] : customFields.value,
    emailAccount: emailAccount.value,
  });
}

/** An address step's facts: the named country and the custom fields of the session customer's group. */
async function addressFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  countryId: number,
): Answer<AddressFacts> {
  const groupId = pricingGroupId(session, context.settings);
  // Both asked at once, then awaited in turn (a port's failure is a result: neither rejects).
  const askedCountry = askPort('geo', messages, () =>
    countryId > 0 ? context.deps.geo.getCountry(countryId) : Promise.resolve(undefined),
  );
  const askedFields = askPort('customers', messages, () => context.deps.customers.getCustomFields(groupId));
  const country = await askedCountry;
  const customFields = await askedFields;
  if (country.isErr()) return err(country.error);
  if (customFields.isErr()) return err(customFields.error);
  return ok({ country: country.value, customFields: customFields.value });
}

/** Whether an enabled affiliate account with this customer id exists. */
async function affiliateFacts(
  context: EngineContext,
  messages: MessageCatalog,
  affiliateId: number,
): Answer<boolean> {
  const affiliate = await askPort('customers', messages, () =>
    context.deps.customers.getAffiliate(affiliateId),
  );
  return affiliate.isErr() ? err(affiliate.error) : ok(affiliate.value?.status === true);
}

/** The facts a command's plan asks for beyond every command's. */
export type CommandFacts = Pick<CheckoutFacts, 'customer' | 'address' | 'affiliateExists' | 'rewardEnabled'>;

/** Nothing to read. */
const none: Answer<undefined> = Promise.resolve(ok(undefined));

/** The facts a command's plan asks for beyond every command's, read together. */
export async function commandFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  plan: FactPlan,
): Answer<CommandFacts> {
  // Each asked at once, then awaited in turn (a port's failure is a result: none rejects).
  const askedCustomer = plan.customer === undefined ? none : customerFacts(context, messages, plan.customer);
  const askedAddress =
    plan.countryId === undefined ? none : addressFacts(context, messages, session, plan.countryId);
  const askedAffiliate =
    plan.affiliateId === undefined ? none : affiliateFacts(context, messages, plan.affiliateId);
  const customer = await askedCustomer;
  const address = await askedAddress;
  const affiliateExists = await askedAffiliate;
  if (customer.isErr()) return err(customer.error);
  if (address.isErr()) return err(address.error);
  if (affiliateExists.isErr()) return err(affiliateExists.error);
  const facts: { -readonly [K in keyof CommandFacts]: CommandFacts[K] } = {};
  if (customer.value !== undefined) facts.customer = customer.value;
  if (address.value !== undefined) facts.address = address.value;
  if (affiliateExists.value !== undefined) facts.affiliateExists = affiliateExists.value;
  if (plan.rewardStatus === true) {
    facts.rewardEnabled = context.calculators.some((calculator) => calculator.code === 'reward');
  }
  return ok(facts);
}

/** No method registered, nothing read. */
const noMethods: MethodFacts = { shipping: [], payment: [], gathered: [] };

/** The registered methods, as facts with nothing read yet. */
export function methodFacts(context: EngineContext): MethodFacts {
  const { shippingMethods, paymentMethods } = context.deps;
  if (shippingMethods === undefined && paymentMethods === undefined) return noMethods;
  return { shipping: shippingMethods ?? [], payment: paymentMethods ?? [], gathered: [] };
}

/** Asks one wanted read of its method's `gather`; a rejection is `unavailable` `extension`. */
function askRead(
  context: EngineContext,
  messages: MessageCatalog,
  wanted: WantedRead,
): Answer<GatheredAnswer, UnavailableError> {
  const { code, key } = wanted;
  const ask = (): Promise<unknown> => {
    if (wanted.kind === 'shipping') {
      const method = context.deps.shippingMethods?.find((candidate) => candidate.code === code);
      return method?.gather?.(wanted.context) ?? Promise.resolve(undefined);
    }
    const method = context.deps.paymentMethods?.find((candidate) => candidate.code === code);
    return method?.gather?.(wanted.context) ?? Promise.resolve(undefined);
  };
  return askPort('extension', messages, ask).then((answer) =>
    answer.isErr() ? err(answer.error) : ok({ code, key, answer: answer.value }),
  );
}

/** `facts` with the answers of the `wanted` reads added, all asked at once. */
export async function gatherReads(
  context: EngineContext,
  messages: MessageCatalog,
  facts: MethodFacts,
  wanted: readonly WantedRead[],
): Answer<MethodFacts, UnavailableError> {
  if (wanted.length === 0) return ok(facts);
  const answers = await Promise.all(wanted.map((read) => askRead(context, messages, read)));
  const gathered = [...facts.gathered];
  for (const answer of answers) {
    if (answer.isErr()) return err(answer.error);
    gathered.push(answer.value);
  }
  return ok({ ...facts, gathered });
}

/** The facts of a command and the pricing it is decided with. */
export interface GatheredFacts {
  readonly facts: CheckoutFacts;
  readonly pricing: Pricing;
}

/** What a command's facts are made of, read before its tax table. */
interface FactParts {
  readonly time: TimeFacts;
  readonly base: BaseFacts;
  readonly messages: MessageCatalog;
  readonly cartIds: readonly string[];
  readonly extra: CommandFacts;
  readonly methods: MethodFacts;
}

/**
 * The facts of `parts`, with the tax table when given, as one object whose fields always come in the same order:
 * spreading objects of varying shapes into one costs far more than setting the fields.
 */
function factsOf(parts: FactParts, tax: TaxFacts | undefined): PricingFacts & Partial<CheckoutFacts> {
  const { time, base, extra } = parts;
  const facts: Writable<PricingFacts & Partial<CheckoutFacts>> = {
    now: time.now,
    today: time.today,
    expiresAt: time.expiresAt,
    messages: parts.messages,
    products: base.products,
    cartIds: parts.cartIds,
  };
  if (tax !== undefined) facts.tax = tax;
  facts.methods = parts.methods;
  if (base.coupon !== undefined) facts.coupon = base.coupon;
  if (base.rewardBalance !== undefined) facts.rewardBalance = base.rewardBalance;
  if (extra.customer !== undefined) facts.customer = extra.customer;
  if (extra.address !== undefined) facts.address = extra.address;
  if (extra.affiliateExists !== undefined) facts.affiliateExists = extra.affiliateExists;
  if (extra.rewardEnabled !== undefined) facts.rewardEnabled = extra.rewardEnabled;
  return facts;
}

/**
 * Everything a command planned by `plan` needs on `session`, priced once: the base facts and the command's own
 * read together, then the tax table of every class in play, and the registered methods.
 */
export async function gatherFacts(
  context: EngineContext,
  session: CheckoutSession,
  plan: FactPlan,
  time: TimeFacts,
  messages: MessageCatalog,
): Answer<GatheredFacts> {
  const cartIds = newIds(context, messages, 'cart', plan.cartIds ?? 0);
  if (cartIds.isErr()) return err(cartIds.error);
  // Both asked at once, then awaited in turn (neither rejects: see `baseFacts`).
  const askedBase = baseFacts(context, session, plan, messages);
  const askedExtra = commandFacts(context, messages, session, plan);
  const base = await askedBase;
  const extra = await askedExtra;
  if (base.isErr()) return err(base.error);
  if (extra.isErr()) return err(extra.error);
  const parts: FactParts = {
    time,
    base: base.value,
    messages,
    cartIds: cartIds.value,
    extra: extra.value,
    methods: methodFacts(context),
  };
  const { products, geoZones } = base.value;
  const tax = await readTax(context, messages, taxClassesOf(context, session, products), geoZones);
  if (tax.isErr()) return err(tax.error);
  const facts = factsOf(parts, tax.value) as CheckoutFacts;
  return ok({
    facts,
    pricing: createPricing(facts, context.settings, context.calculators, context.cache.pricing),
  });
}

/**
 * The facts widened by what a decision wanted: the tax table read again with the classes it lacked, the remote
 * reads asked. Lines already priced are kept; totals are run anew over the wider table.
 */
export async function widenFacts(
  context: EngineContext,
  gathered: GatheredFacts,
  wanted: WantedFacts,
): Answer<GatheredFacts> {
  const { facts, pricing } = gathered;
  const { messages } = facts;
  let tax = facts.tax;
  if (wanted.taxClassIds.length > 0) {
    const all = [...new Set([...tax.classIds, ...wanted.taxClassIds])].sort((a, b) => a - b);
    const wider = await readTax(context, messages, all, tax.geoZones);
    if (wider.isErr()) return err(wider.error);
    tax = wider.value;
  }
  const methods = await gatherReads(context, messages, facts.methods ?? methodFacts(context), wanted.reads);
  if (methods.isErr()) return err(methods.error);
  const widened: CheckoutFacts = { ...facts, tax, methods: methods.value };
  return ok({ facts: widened, pricing: pricing.withFacts(widened) });
}

/** The facts of a view of the session (its priced cart and totals), and their pricing. */
export async function viewPricing(
  context: EngineContext,
  session: CheckoutSession,
  messages: MessageCatalog,
  today: string,
): Answer<Pricing> {
  const base = await baseFacts(context, session, {}, messages);
  if (base.isErr()) return err(base.error);
  const { products, geoZones } = base.value;
  const tax = await readTax(context, messages, taxClassesOf(context, session, products), geoZones);
  if (tax.isErr()) return err(tax.error);
  const facts: Writable<PricingFacts> = { products, today, messages, tax: tax.value };
  if (base.value.coupon !== undefined) facts.coupon = base.value.coupon;
  if (base.value.rewardBalance !== undefined) facts.rewardBalance = base.value.rewardBalance;
  return ok(createPricing(facts, context.settings, context.calculators, context.cache.pricing));
}
