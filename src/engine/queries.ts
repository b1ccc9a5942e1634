/**
 * Read-only operations: they load the session (so the same access rules hold), slide its expiry, and compute
 * from it; they never save a new version.
 * @module
 */
import { err, ok, ResultAsync } from 'neverthrow';
import { type CheckoutView, pricingGroupId, viewCheckout } from '../domain/checkout-view.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { dayOf } from '../domain/facts.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type {
  Manufacturer,
  ManufacturerListQuery,
  ProductFilter,
  ProductListEntry,
  ProductListQuery,
} from '../domain/records/catalog.js';
import type { CheckoutSession } from '../domain/session.js';
import { callPort, type EngineContext, readClock } from './context.js';
import { viewFacts } from './facts.js';
import { loadSession, touchSession } from './session-access.js';

/** A live session for a read, and its texts. */
export interface ReadAccess {
  readonly session: CheckoutSession;
  readonly messages: MessageCatalog;
  /** `YYYY-MM-DD` of the read. */
  readonly today: string;
}

/**
 * Loads the session, computes the read from it, and slides the session's expiry only once the read has
 * succeeded (DECISIONS 4: expiry slides on every successful request; a refused read leaves it alone).
 *
 * `committed` marks a compute that writes outside the session (history_add): once its write has committed, a
 * failing slide must not turn the answer into an error, or the client would retry and write it twice. The slide
 * is then best effort, and the session keeps its old expiry.
 */
export function readSession<T>(
  context: EngineContext,
  sessionId: string,
  compute: (access: ReadAccess) => ResultAsync<T, CheckoutError>,
  committed = false,
): ResultAsync<T, CheckoutError> {
  return peekSession(context, sessionId, (access) =>
    compute(access).andThen((result) =>
      touchSession(context, access.session)
        .map(() => result)
        .orElse((error) => (committed ? ok(result) : err(error))),
    ),
  );
}

/**
 * Loads the session and computes a read from it without sliding its expiry: for what a refused request shows
 * next to its error, since a refused request never keeps a session alive.
 */
export function peekSession<T>(
  context: EngineContext,
  sessionId: string,
  compute: (access: ReadAccess) => ResultAsync<T, CheckoutError>,
): ResultAsync<T, CheckoutError> {
  return loadSession(context, sessionId).andThen((session) => {
    const messages = context.messagesFor(session.language);
    return readClock(context, messages).asyncAndThen((now) =>
      compute({ session, messages, today: dayOf(now.toISOString()) }),
    );
  });
}

/**
 * The priced cart and totals of a session: one catalog read of the cart's products (plus the category tree when
 * the session's coupon is limited to categories, see `gatherFacts`).
 */
export function viewSession(
  context: EngineContext,
  session: CheckoutSession,
  messages: MessageCatalog,
  today: string,
): ResultAsync<CheckoutView, CheckoutError> {
  return viewFacts(context, session, messages, today).map((facts) =>
    viewCheckout(session, facts, context.settings, context.calculators),
  );
}

/** A manufacturer list entry: the four fields the seed's list returns. */
export type ManufacturerListEntry = Pick<Manufacturer, 'manufacturerId' | 'name' | 'image' | 'sortOrder'>;

/** One page of manufacturers and how many there are in all. */
export interface ManufacturerPage {
  readonly manufacturers: readonly ManufacturerListEntry[];
  readonly total: number;
}

/** One page of products and how many match in all. */
export interface ProductPage {
  readonly products: readonly ProductListEntry[];
  readonly total: number;
}

/** One manufacturer, or `not_found` under `manufacturer_id`. */
export function findManufacturer(
  context: EngineContext,
  access: ReadAccess,
  manufacturerId: number,
): ResultAsync<Manufacturer, CheckoutError> {
  return callPort('catalog', access.messages, () =>
    context.deps.catalog.getManufacturer(manufacturerId),
  ).andThen((manufacturer) =>
    manufacturer === undefined
      ? err(
          checkoutError('not_found', {
            manufacturer_id: messageText(access.messages, 'manufacturer.not_found'),
          }),
        )
      : ok(manufacturer),
  );
}

/** A page of manufacturers (list entries only) and the total count, read together. */
export function pageManufacturers(
  context: EngineContext,
  access: ReadAccess,
  query: ManufacturerListQuery,
): ResultAsync<ManufacturerPage, CheckoutError> {
  const { catalog } = context.deps;
  return ResultAsync.combine([
    callPort('catalog', access.messages, () => catalog.listManufacturers(query)),
    callPort('catalog', access.messages, () => catalog.countManufacturers()),
  ] as const).map(([list, total]) => ({
    manufacturers: list.map(({ manufacturerId, name, image, sortOrder }) => ({
      manufacturerId,
      name,
      image,
      sortOrder,
    })),
    total,
  }));
}

/** The product list query's context: the session customer's group and today. */
export function productQueryContext(context: EngineContext, access: ReadAccess) {
  return { customerGroupId: pricingGroupId(access.session, context.settings), today: access.today };
}

/** How many products on sale match the query's filter (paging aside). */
export function countProducts(
  context: EngineContext,
  access: ReadAccess,
  query: ProductListQuery,
): ResultAsync<number, CheckoutError> {
  const filter: ProductFilter & Pick<ProductListQuery, 'today'> = {
    manufacturerId: query.manufacturerId,
    categoryId: query.categoryId,
    subCategories: query.subCategories,
    today: query.today,
  };
  return callPort('catalog', access.messages, () => context.deps.catalog.countProducts(filter));
}

/** A page of products and the total count of the same filter, read together. */
export function pageProducts(
  context: EngineContext,
  access: ReadAccess,
  query: ProductListQuery,
): ResultAsync<ProductPage, CheckoutError> {
  return ResultAsync.combine([
    callPort('catalog', access.messages, () => context.deps.catalog.listProducts(query)),
    countProducts(context, access, query),
  ] as const).map(([products, total]) => ({ products, total }));
}
