/**
 * The document's path items, one per route: every address of every operation descriptor, and the HTTP layer's
 * own routes (login, logout, this document). A route's path is its alias (`/api/order/confirm` for
 * `?route=api/order&call=confirm`), because OpenAPI's paths cannot hold a query string; `x-opencart-route` keeps
 * the `?route=` form, which the handler answers alike.
 * @module
 */
import type { Operation } from '../../operations/index.js';
import type { JsonSchema } from '../../operations/json-schema.js';
import type { HttpBinding, OperationRoute } from '../../operations/operation.js';
import { aliasOf, keyOf } from '../addresses.js';
import { loginRequestWire } from '../wire/account.js';
import { answerComponents, componentRef } from './components.js';
import type { JsonObject } from './json.js';
import { requestJson, requestSchemaOf } from './request-schema.js';
import {
  answerHeaders,
  confirmErrorSchema,
  documentErrorStatuses,
  errorAnswers,
  jsonAnswer,
  loginErrorStatuses,
  logoutErrorStatuses,
  paymentWebhookErrorStatuses,
  sessionErrorStatuses,
  setCookieHeader,
} from './responses.js';
import { apiTokenRef } from './security.js';

/** One operation of a path item, with its HTTP method. */
export interface PathOperation {
  readonly path: string;
  readonly method: 'get' | 'post';
  readonly operation: JsonObject;
}

/** The path of an address: `/` and its alias. */
export function pathOf(address: OperationRoute): string {
  return `/${aliasOf(address)}`;
}

/** The `?route=` form of an address. */
export function queryFormOf(address: OperationRoute): string {
  return `?route=${keyOf(address)}`;
}

/** The tag an operation is listed under. */
function tagOf(operation: Operation): string {
  if (operation.kind === 'lookup') return operation.port === 'catalog' ? 'Catalog' : 'Orders';
  if (operation.kind === 'confirm' || operation.kind === 'history' || operation.kind === 'payment')
    return 'Orders';
  if (operation.kind === 'view') return 'Cart';
  return 'Checkout';
}

/** The request of an operation called with `method`: query parameters for a GET, a body for a POST. */
function requestOf(schema: JsonSchema, method: 'get' | 'post'): JsonObject {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(schema.required ?? []);
  if (method === 'get') {
    const parameters = Object.entries(properties).map(([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: property,
    }));
    return parameters.length === 0 ? {} : { parameters };
  }
  if (Object.keys(properties).length === 0) return {};
  // Nested fields (`product[0][product_id]`, `shipping_method[code]`) are PHP's bracket form in a form body.
  const encoding = Object.fromEntries(
    Object.entries(properties)
      .filter(([, property]) => JSON.stringify(property).includes('"object"'))
      .map(([name]) => [name, { style: 'deepObject', explode: true }]),
  );
  return {
    requestBody: {
      required: required.size > 0,
      content: {
        'application/json': { schema },
        'application/x-www-form-urlencoded': {
          schema,
          ...(Object.keys(encoding).length === 0 ? {} : { encoding }),
        },
      },
    },
  };
}

/** The `Idempotency-Key` header of confirm. */
const idempotencyKey: JsonObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Names the order this confirm places: the same key with the same session and payload answers the same ' +
    'order instead of a second one; the same key for another order is a 409. At most 255 characters.',
  schema: { type: 'string', maxLength: 255 },
};

/** The `Idempotency-Key` header of payment_refund. */
const refundKey: JsonObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Names the refund: the same key and amount answer the refund already made (or finish it) instead of a ' +
    'second one; the same key with another amount is a 409. At most 255 characters.',
  schema: { type: 'string', maxLength: 255 },
};

/** The operation object of a descriptor at one of its addresses, called with `method`. */
function operationObject(
  operation: Operation,
  address: OperationRoute,
  method: 'get' | 'post',
  operationId: string,
): JsonObject {
  const isConfirm = operation.kind === 'confirm';
  const request = requestOf(requestSchemaOf(operation.input.fields), method);
  const parameters = [
    ...((request.parameters as JsonObject[] | undefined) ?? []),
    apiTokenRef,
    ...(isConfirm ? [idempotencyKey] : []),
    ...(operation.name === 'payment_refund' ? [refundKey] : []),
  ];
  return {
    operationId,
    summary: operation.summary,
    description: `Also \`${queryFormOf(address)}\`. Engine method \`${operation.method}\`; answer kind \`${operation.answer}\`.`,
    tags: [tagOf(operation)],
    'x-opencart-route': address,
    ...(parameters.length === 0 ? {} : { parameters }),
    ...(request.requestBody === undefined ? {} : { requestBody: request.requestBody }),
    responses: {
      '200': jsonAnswer(
        'The answer.',
        componentRef(answerComponents[operation.answer]),
        answerHeaders[operation.answer],
      ),
      ...errorAnswers(sessionErrorStatuses, isConfirm ? confirmErrorSchema : undefined),
    },
  };
}

/** The operation id of a descriptor's `index`-th address: its name, then the alias for further addresses. */
function operationIdOf(operation: Operation, address: OperationRoute, index: number): string {
  return index === 0
    ? operation.name
    : `${operation.name}_via_${pathOf(address).slice(5).replaceAll('/', '_')}`;
}

/** Every method and address of the descriptors. */
export function descriptorOperations(operations: readonly Operation[]): PathOperation[] {
  const result: PathOperation[] = [];
  for (const operation of operations) {
    const http: HttpBinding | undefined = operation.http;
    if (http === undefined) continue;
    http.routes.forEach((address, index) => {
      const id = operationIdOf(operation, address, index);
      const path = pathOf(address);
      const method = http.method === 'GET' ? 'get' : 'post';
      result.push({ path, method, operation: operationObject(operation, address, method, id) });
      if (http.alsoGet === true) {
        const overview = operationObject(operation, address, 'get', `${id}_get`);
        result.push({ path, method: 'get', operation: overview });
      }
    });
  }
  return result;
}

/** What one of the HTTP layer's own routes is. */
interface OwnRoute {
  readonly id: string;
  readonly route: string;
  readonly method: 'get' | 'post';
  readonly tag: string;
  readonly summary: string;
  readonly note?: string;
  /** Open to anyone: no session. */
  readonly open?: boolean;
  readonly body?: JsonSchema;
  /** Query parameters besides the route. */
  readonly parameters?: readonly JsonObject[];
  /** The body is the sender's own JSON, read as bytes (a signature covers them), never as a form. */
  readonly rawBody?: JsonObject;
  readonly answer: JsonObject;
  readonly errors: readonly number[];
}

/** The path operation of one of the HTTP layer's own routes. */
function ownOperation(own: OwnRoute): PathOperation {
  const address = { route: own.route };
  const content =
    own.rawBody === undefined
      ? own.body && {
          'application/json': { schema: own.body },
          'application/x-www-form-urlencoded': { schema: own.body },
        }
      : { 'application/json': { schema: own.rawBody } };
  const parameters = [...(own.open === true ? [] : [apiTokenRef]), ...(own.parameters ?? [])];
  return {
    path: pathOf(address),
    method: own.method,
    operation: {
      operationId: own.id,
      summary: own.summary,
      description: [`Also \`${queryFormOf(address)}\`.`, own.note].filter(Boolean).join(' '),
      tags: [own.tag],
      'x-opencart-route': address,
      ...(own.open === true ? { security: [] } : {}),
      ...(parameters.length === 0 ? {} : { parameters }),
      ...(content === undefined ? {} : { requestBody: { required: true, content } }),
      responses: { '200': own.answer, ...errorAnswers(own.errors) },
    },
  };
}

/** The HTTP layer's own routes. */
export function ownOperations(): PathOperation[] {
  const own: readonly OwnRoute[] = [
    {
      id: 'login',
      route: 'api/account/login',
      method: 'post',
      tag: 'Session',
      summary: "Opens a session for an API user: its id is the answer's `api_token` and the session cookie.",
      note: 'Failed logins are counted per username and address, and per address; too many are refused (429) for a while.',
      open: true,
      body: requestJson(loginRequestWire),
      answer: jsonAnswer('The session is open.', componentRef('LoginAnswer'), setCookieHeader),
      errors: loginErrorStatuses,
    },
    {
      id: 'logout',
      route: 'api/account/logout',
      method: 'post',
      tag: 'Session',
      summary: 'Ends the session and clears the cookie.',
      answer: jsonAnswer('The session is closed.', componentRef('LogoutAnswer'), setCookieHeader),
      errors: logoutErrorStatuses,
    },
    {
      id: 'openapi',
      route: 'api/openapi',
      method: 'get',
      tag: 'Reference',
      summary: 'This document (OpenAPI 3.1).',
      note: 'Needs no session.',
      open: true,
      answer: jsonAnswer('The OpenAPI document.', { type: 'object' }),
      errors: documentErrorStatuses,
    },
    {
      id: 'payment_webhook',
      route: 'api/payment/webhook',
      method: 'post',
      tag: 'Orders',
      summary:
        "A payment provider's notification about a payment: the payment it names is moved to the provider's " +
        'truth (asked of the provider, never read from the notification), as `payment_complete` does.',
      note:
        'No session and no API key: the provider signs the raw body (`Stripe-Signature`, `Test-Card-Signature`), ' +
        'and a missing, wrong or stale signature, or a changed body, is refused (401) with nothing read or written. ' +
        'Delivered twice, or after the client completed the payment, it answers the same and changes nothing.',
      open: true,
      parameters: [
        {
          name: 'code',
          in: 'query',
          required: true,
          description:
            'The payment method code whose provider sends the notification (`stripe`, `test_card`).',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$' },
        },
      ],
      rawBody: { type: 'object', description: "The provider's own event, exactly as it signed it." },
      answer: jsonAnswer('The notification was received.', componentRef('WebhookAnswer')),
      errors: paymentWebhookErrorStatuses,
    },
  ];
  return own.map(ownOperation);
}
