/**
 * Payments: the state table, the record an order carries, its moves, the provider's truth and the idempotency
 * keys of the calls that change money. Pure: no I/O, no clock (instants arrive as arguments).
 * @module
 */

export { heldStockEvents } from '../events/order-events.js';
export {
  type HeldStock,
  type HoldChange,
  type HoldEnd,
  heldStockOf,
  isHoldDue,
  isHolding,
  returnMoves,
  type StockHold,
  takeMoves,
} from './hold.js';
export { type PaymentKeyParts, type PaymentOperation, paymentIdempotencyKey } from './idempotency-key.js';
export {
  movePayment,
  movesMoney,
  type PaymentChange,
  type PaymentRefusal,
  refundable,
  refundStatus,
} from './move.js';
export {
  capturedPayment,
  isRuleRefusal,
  type ProviderRuleRefusal,
  refundedPayment,
  voidedPayment,
} from './provider-rules.js';
export {
  nextAttempt,
  openPayment,
  type PaymentAction,
  type PaymentMove,
  type PaymentOpening,
  type PaymentRecord,
  type PaymentRefund,
} from './record.js';
export {
  decideRefund,
  nextRefundNumber,
  plainAmount,
  planRefund,
  type RefundAnswer,
  type RefundAsk,
  type RefundClose,
  type RefundPlan,
  type RefundRefusal,
  type RefundStage,
  refundDoneStep,
  refundLeft,
  refundRefusedStep,
} from './refund.js';
export {
  DEFAULT_PAYMENT_HOLD_MINUTES,
  expiredStep,
  failedStep,
  openingStep,
  orderPaymentAmount,
  type PaymentStep,
  paymentStepOf,
  type SettleContext,
  settleStep,
  voidedStep,
} from './settle.js';
export {
  canMovePayment,
  isFinalPaymentStatus,
  isOpenPaymentStatus,
  isPaymentStatus,
  isUnpaidEndStatus,
  type PaymentStatus,
  paymentDiagram,
  paymentMoves,
  paymentPath,
  paymentStatuses,
} from './status.js';
export { knownPayment, type ProviderPayment, type Reconciled, reconcilePayment } from './truth.js';
