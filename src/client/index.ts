/**
 * `cartwright/client`: a typed client of cartwright's HTTP API, fetch-based, for Node, Bun, Deno and browsers.
 * Requests and answers are typed from the operation descriptors and the wire schemas the server presents with,
 * so a wrong field name, a wrong value or a missing required field is a compile error; every answer is checked
 * at run time against its operation's answer schema, so JSON that is not the operation's answer (another API's,
 * a host's own error) is an `unexpected` error. Failures are values (`ResultAsync`), never exceptions.
 * @module
 */

export type {
  CouponRedeemedData,
  CustomerNotifyData,
  EventDataByType,
  EventMoney,
  EventOrderLine,
  EventType,
  OrderCreatedData,
  OrderPaymentChangedData,
  OrderPlacedData,
  OrderStatusChangedData,
  OrderUpdatedData,
  OutboxEvent,
  OutboxEventOf,
  RedemptionsReleasedData,
  RewardRedeemedData,
  StockChangedData,
} from '../domain/events/event-types.js';
export type { LoginJson, LoginRequest, LogoutJson } from '../http/wire/account.js';
export type { WireAnswers } from '../http/wire/answers.js';
export type { CartLineJson, TotalLineJson } from '../http/wire/cart.js';
export type { ConfirmFailureJson, ErrorJson } from '../http/wire/errors.js';
export type { OrderJson } from '../http/wire/order.js';
export { type ClientOptions, createClient } from './client.js';
export type { ClientRoute } from './route-table.js';
export { clientRoutes } from './routes.js';
export type {
  AnswerError,
  CallArguments,
  CallOptions,
  CallOptionsOf,
  CheckoutClient,
  ClientAnswer,
  ClientError,
  ClientErrorBody,
  ClientOperationName,
  ClientOperations,
  ClientRequest,
  ConfirmOptions,
  NetworkError,
  OperationCall,
  OperationNamed,
  RefundCallOptions,
  UnexpectedAnswer,
  UnreadableAnswer,
} from './types.js';
