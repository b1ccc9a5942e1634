/**
 * `createCheckout(deps, options)`: the engine's public face. The session methods, and one method per operation,
 * derived from the list of operation descriptors: each runs its descriptor through the shell of its kind (a step,
 * a view of the cart, a look-up, confirm, history_add) and returns a `ResultAsync<Output, CheckoutError>`: nothing
 * throws across it (a programmer bug alone throws, as `CartwrightInvariantError`).
 * @module
 */
import { ResultAsync } from 'neverthrow';
import { type CheckoutError, invariant } from '../domain/errors.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { type Operation, operations, type ResultOf } from '../operations/index.js';
import type {
  Checkout,
  OperationMethods,
  OperationName,
  OperationNamed,
  PaymentEntries,
  SessionMethods,
} from './checkout.js';
import {
  askPort,
  type CheckoutDeps,
  type CheckoutOptions,
  createEngineContext,
  type EngineContext,
} from './context.js';
import { openSession } from './open-session.js';
import { receivePaymentWebhook, runPaymentComplete } from './payment-complete.js';
import { sweepPayments } from './payment-sweep.js';
import type { ConfirmOptions } from './run-confirm.js';
import { runConfirm } from './run-confirm.js';
import { runHistory } from './run-history.js';
import { runLookup, runView, viewCart } from './run-read.js';
import { runPaymentRefund } from './run-refund.js';
import { runStep } from './run-step.js';
import { type SessionTarget, takeSession } from './session-access.js';

/** Runs an operation through the shell of its kind. */
function perform(
  context: EngineContext,
  operation: Operation,
  target: SessionTarget,
  request: unknown,
  options: ConfirmOptions = {},
): ResultAsync<unknown, CheckoutError> {
  switch (operation.kind) {
    case 'step':
      return runStep(context, operation, target, request);
    case 'view':
      return runView(context, operation, target);
    case 'lookup':
      return runLookup(context, operation, target, request);
    case 'confirm':
      return runConfirm(context, operation, target, request, options);
    case 'history':
      return runHistory(context, operation, target, request);
    case 'payment':
      return operation.name === 'payment_refund'
        ? runPaymentRefund(context, operation, target, request, options)
        : runPaymentComplete(context, operation, target, request);
  }
}

/** The live session an id names; anything but a string (from an untyped caller) names no session. */
function sessionById(context: EngineContext, sessionId: string): ResultAsync<CheckoutSession, CheckoutError> {
  const taken = takeSession(context, typeof sessionId === 'string' ? sessionId : '');
  // Every authorized HTTP request loads its session here, so a plain `then`: `ResultAsync.map` wraps each call
  // in a generator.
  return new ResultAsync(taken.then((result) => result.map(({ session }) => session)));
}

/** The operations by name. */
const byName: ReadonlyMap<string, Operation> = new Map(
  operations.map((operation) => [operation.name, operation]),
);

/**
 * Creates the checkout engine over the host's ports.
 * @param deps - the ports (see `cartwright/adapters/memory` for a complete in-memory set)
 * @param options - the store settings and the engine's options
 */
export function createCheckout(deps: CheckoutDeps, options: CheckoutOptions): Checkout {
  return checkoutOver(createEngineContext(deps, options));
}

/**
 * The checkout engine over a resolved context: what {@link createCheckout} returns, for a test that sets the
 * context's observer.
 * @param context - the context the engine runs in
 */
export function checkoutOver(context: EngineContext): Checkout {
  const { deps } = context;
  const sessionMethods: SessionMethods = {
    openSession: (input) => openSession(context, input),
    closeSession: (target) =>
      new ResultAsync(takeSession(context, target)).andThen(
        ({ session }) =>
          new ResultAsync(
            askPort('sessions', context.messagesFor(session.language), () =>
              deps.sessions.delete(session.id),
            ),
          ),
      ),
    getSession: (sessionId) => sessionById(context, sessionId),
    viewCart: (target) => viewCart(context, target),
    run: <N extends OperationName>(
      name: N,
      target: SessionTarget,
      request: unknown,
      runOptions?: ConfirmOptions,
    ) => {
      const operation = byName.get(name);
      // A name outside the list is a bug of the caller's: the type allows only listed names.
      invariant(operation !== undefined, () => `no operation named ${String(name)}`);
      // The result is the named operation's, as `perform` dispatches on that same descriptor.
      return perform(context, operation, target, request, runOptions) as ResultAsync<
        ResultOf<OperationNamed<N>>,
        CheckoutError
      >;
    },
  };
  const methods = Object.fromEntries(
    operations.map((operation) => [
      operation.method,
      (target: SessionTarget, request?: unknown, runOptions?: ConfirmOptions) =>
        perform(context, operation, target, request, runOptions),
    ]),
  ) as unknown as OperationMethods;
  const paymentEntries: PaymentEntries = {
    receivePaymentWebhook: (code, request) => new ResultAsync(receivePaymentWebhook(context, code, request)),
    sweep: () => sweepPayments(context),
  };
  return { ...sessionMethods, ...paymentEntries, ...methods };
}
