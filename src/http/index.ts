/**
 * `cartwright/http`: the Web-standard Request → Response surface of OpenCart's API. `createFetchHandler` is the
 * one core (routes, bodies, sessions, errors → statuses, OpenCart's JSON); `toNodeListener` wraps it for
 * node:http, Express and Connect, `cartwrightPlugin` for Fastify, and any fetch-style host (Hono, Deno, Bun,
 * workers) calls it directly.
 * `openApiDocument()` is the OpenAPI 3.1 document of the routes, which the handler serves at `?route=api/openapi`.
 * @module
 */

export type {
  ClientAddressSource,
  ClientSource,
  ResolvedClient,
  TrustedProxyHeader,
  TrustProxy,
} from './client-address.js';
export { normalizeIp, resolveClient } from './client-address.js';
export type { CorsOptions } from './cors.js';
export type {
  CartwrightPluginOptions,
  FastifyInstanceLike,
  FastifyReplyLike,
  FastifyRequestLike,
} from './fastify.js';
export { cartwrightPlugin } from './fastify.js';
export type { ClientInfo, FetchHandler } from './fetch-handler.js';
export { createFetchHandler } from './fetch-handler.js';
export type { NodeListener, NodeListenerOptions } from './node.js';
export { toNodeListener } from './node.js';
export type { NodeErrorHandler } from './node-parser-errors.js';
export { bodyParserErrors } from './node-parser-errors.js';
export type { NodeServerLimits, NodeServerOptions } from './node-server.js';
export { answerClientError, createNodeServer, nodeServerOptions } from './node-server.js';
export { createOpenApiDocument, type OpenApiDocument, openApiDocument } from './openapi/document.js';
export type { JsonObject } from './openapi/json.js';
export type {
  ApiKeyVerifier,
  FetchHandlerOptions,
  HttpLogger,
  HttpOptions,
  SignedRequestOptions,
} from './options.js';
export { defaultMaxHeaderBytes } from './options.js';
export { defaultCookieName } from './session-cookie.js';
export type { HttpErrorKind, HttpOnlyErrorKind, StatusCompat } from './status.js';
export { errorStatus, statusForError } from './status.js';
export type { HttpTexts } from './texts.js';
export { defaultHttpTexts } from './texts.js';
export type { LoginJson, LoginRequest, LogoutJson } from './wire/account.js';
export type { WireAnswers } from './wire/answers.js';
export type { CartLineJson, CartOptionJson, CartSubscriptionJson, TotalLineJson } from './wire/cart.js';
export type { ManufacturerEntryJson, ManufacturerJson, ProductEntryJson } from './wire/catalog.js';
export type { ConfirmFailureJson, ErrorJson } from './wire/errors.js';
export type { PaymentMethodJson, ShippingMethodJson, ShippingQuoteJson } from './wire/methods.js';
export type { OrderJson } from './wire/order.js';
export type { StepJson, SummaryJson } from './wire/steps.js';
