/**
 * What an operation descriptor is. An operation (customer, cart, payment address, …, confirm, history_add, the
 * catalog look-ups) is described once, in one file: its name, the engine method and the HTTP route(s) that reach
 * it, its request form (parser, request type and errors in one), the step it belongs to, the facts it needs, its
 * pure rule, its success text and the kind of answer it gives. The engine's methods and the HTTP route table are
 * derived from the list of descriptors (`index.ts`), so adding an operation is one file and one list entry.
 * @module
 */

import type { CustomerInput } from '../domain/machine/commands.js';
import type { StepOperation } from '../domain/machine/decide.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { MessageId } from '../domain/messages.js';
import type { Catalog } from '../ports/catalog.js';
import type { OrderRepository } from '../ports/order-repository.js';
import type { AnswerKind, Answers } from './answers.js';
import type { AnyForm, FormOutput } from './form.js';

/**
 * Where an operation answers over HTTP: `?route=<route>`, and for OpenCart's order controller
 * `&call=<call>` (plus `&code=<code>` for the extension call).
 */
export interface OperationRoute {
  readonly route: string;
  readonly call?: string;
  readonly code?: string;
}

/** How an operation is reached over HTTP. */
export interface HttpBinding {
  /** The method the operation takes; reads take GET, everything that changes something POST. */
  readonly method: 'GET' | 'POST';
  /** A POST operation that also answers GET, its input then read from the query (OpenCart's API lists confirm so). */
  readonly alsoGet?: boolean;
  readonly routes: readonly OperationRoute[];
}

/**
 * The facts a step asks the engine to gather before it is decided, beyond what every step reads (the cart's
 * products, the geo zones, the session's coupon and reward balance, the tax table of the classes in play).
 */
export interface FactPlan {
  /** Products the command names beyond the cart's (an add's items), read in the same batch. */
  readonly productIds?: readonly number[];
  /** Fresh cart line ids the command may use. */
  readonly cartIds?: number;
  /** The customer step's accounts, group and custom fields. */
  readonly customer?: CustomerInput;
  /** An address step's country (0: none named) and the custom fields of the session customer's group. */
  readonly countryId?: number;
  /** Whether this affiliate exists. */
  readonly affiliateId?: number;
  /** The coupon code the command applies (instead of the session's). */
  readonly coupon?: string;
  /** The reward points the command spends (instead of the session's). */
  readonly reward?: number;
  /** Whether the totals have a reward step (the reward step refuses points otherwise). */
  readonly rewardStatus?: boolean;
}

/** What every descriptor has. */
interface Described<Name extends string, Method extends string, F extends AnyForm, A extends AnswerKind> {
  /** The operation's name, in OpenCart's words (`customer`, `product_add`, `shipping_methods`, …). */
  readonly name: Name;
  /** The engine method that runs it (`setCustomer`, `addProduct`, …). */
  readonly method: Method;
  /** One line saying what the operation does (the engine's and the HTTP reference's documentation). */
  readonly summary: string;
  /** Its HTTP routes; absent for operations the library offers without a route of their own. */
  readonly http?: HttpBinding;
  /** The request form: parser, request type (`z.input` of its schema) and field errors. */
  readonly input: F;
  /** The kind of answer it gives (the engine's result type and the HTTP answer's shape). */
  readonly answer: A;
}

/** A step: a command that changes the session, decided by `decide` with its rule. */
export interface StepDescriptor<
  Name extends string = string,
  Method extends string = string,
  F extends AnyForm = AnyForm,
  A extends AnswerKind = AnswerKind,
> extends Described<Name, Method, F, A>,
    Omit<StepOperation<FormOutput<F>>, 'answer'> {
  readonly kind: 'step';
  /** The facts the command needs beyond every step's. */
  readonly facts: (command: FormOutput<F>, session: CheckoutSession) => FactPlan;
  /**
   * Whether a command asks for nothing but the cart as it is (the multi add without rows): it is then neither
   * decided nor saved, and answers the session's cart and totals with the step's success text, as a read does.
   */
  readonly showsCart?: (command: FormOutput<F>) => boolean;
}

/** A read of the session's priced cart (`getProducts`, `getTotals`). */
export interface ViewDescriptor<
  Name extends string = string,
  Method extends string = string,
  F extends AnyForm = AnyForm,
  A extends AnswerKind = AnswerKind,
> extends Described<Name, Method, F, A> {
  readonly kind: 'view';
}

/** Confirm: decided purely into an order write (an effect), performed by the engine in one transaction. */
export interface ConfirmDescriptor<
  Name extends string = string,
  Method extends string = string,
  F extends AnyForm = AnyForm,
  A extends AnswerKind = AnswerKind,
> extends Described<Name, Method, F, A> {
  readonly kind: 'confirm';
}

/** history_add: decided purely into a history entry to append (an effect). */
export interface HistoryDescriptor<
  Name extends string = string,
  Method extends string = string,
  F extends AnyForm = AnyForm,
  A extends AnswerKind = AnswerKind,
> extends Described<Name, Method, F, A> {
  readonly kind: 'history';
}

/**
 * A payment call (`payment_complete`): the order's payment moved to the provider's truth, in the order's turn.
 */
export interface PaymentDescriptor<
  Name extends string = string,
  Method extends string = string,
  F extends AnyForm = AnyForm,
  A extends AnswerKind = AnswerKind,
> extends Described<Name, Method, F, A> {
  readonly kind: 'payment';
}

/** What a look-up reads from: the ports it may ask, and the session's customer group and day. */
export interface LookupSource {
  readonly catalog: Catalog;
  readonly orders: OrderRepository;
  /** The session customer's group (the store default without a customer): list prices and specials follow it. */
  readonly customerGroupId: number;
  /** `YYYY-MM-DD`. */
  readonly today: string;
}

/** A read of a stored order, or of the catalog: a port read under the session's access rules. */
export interface LookupDescriptor<
  Name extends string = string,
  Method extends string = string,
  F extends AnyForm = AnyForm,
  A extends AnswerKind = AnswerKind,
> extends Described<Name, Method, F, A> {
  readonly kind: 'lookup';
  /** The port the read asks (named in an `unavailable` error). */
  readonly port: 'catalog' | 'orders';
  /** The read; undefined when there is nothing by that id. */
  readonly read: (request: FormOutput<F>, source: LookupSource) => Promise<Answers[A] | undefined>;
  /** The error of a read that found nothing. */
  readonly notFound?: { readonly key: string; readonly text: MessageId };
}

/** Any operation descriptor. */
export type OperationDescriptor =
  | StepDescriptor
  | ViewDescriptor
  | ConfirmDescriptor
  | HistoryDescriptor
  | PaymentDescriptor
  | LookupDescriptor;

/** Declares a step descriptor, keeping its literal name, method, form and answer types. */
export function defineStep<
  const Name extends string,
  const Method extends string,
  F extends AnyForm,
  const A extends AnswerKind,
>(descriptor: Omit<StepDescriptor<Name, Method, F, A>, 'kind'>): StepDescriptor<Name, Method, F, A> {
  return { kind: 'step', ...descriptor };
}

/** Declares a view descriptor. */
export function defineView<
  const Name extends string,
  const Method extends string,
  F extends AnyForm,
  const A extends AnswerKind,
>(descriptor: Omit<ViewDescriptor<Name, Method, F, A>, 'kind'>): ViewDescriptor<Name, Method, F, A> {
  return { kind: 'view', ...descriptor };
}

/** Declares a look-up descriptor. */
export function defineLookup<
  const Name extends string,
  const Method extends string,
  F extends AnyForm,
  const A extends AnswerKind,
>(descriptor: Omit<LookupDescriptor<Name, Method, F, A>, 'kind'>): LookupDescriptor<Name, Method, F, A> {
  return { kind: 'lookup', ...descriptor };
}
