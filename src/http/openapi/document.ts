/**
 * The OpenAPI 3.1 document of the HTTP API, derived from the operation descriptors (their routes, methods,
 * request forms and answer kinds) and the wire schemas of the answers, plus the HTTP layer's own routes. The
 * handler serves it at `?route=api/openapi`, and the package ships it as `cartwright/openapi.json`.
 *
 * Why path aliases: OpenCart addresses an operation in the query (`index.php?route=api/order&call=confirm`), and
 * OpenAPI's path items cannot hold a query string, nor can two operations share a path and method that differ
 * only in a query parameter. Each route therefore has a path of its own, its route and call as segments
 * (`/api/order/confirm`), which the handler answers too; viewers, code generators and validators take that as it
 * is. Each operation keeps its `?route=` form in its description and in `x-opencart-route`.
 * @module
 */
import { operations } from '../../operations/index.js';
import { componentSchemas } from './components.js';
import type { JsonObject } from './json.js';
import { descriptorOperations, ownOperations } from './operations.js';
import { headerComponents } from './responses.js';
import { parameterComponents, securitySchemes, sessionSecurity } from './security.js';
import { eventWebhooks } from './webhooks.js';

/** An OpenAPI 3.1 document, as JSON. */
export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: JsonObject;
  readonly servers: readonly JsonObject[];
  readonly security: readonly JsonObject[];
  readonly tags: readonly JsonObject[];
  readonly paths: Readonly<Record<string, JsonObject>>;
  /** The events the outbox delivers, as the webhook sink posts them. */
  readonly webhooks: Readonly<Record<string, JsonObject>>;
  readonly components: JsonObject;
}

/** What the document says about the API as a whole. */
const description = [
  'The storefront ordering interface: a trusted client builds an order step by step inside a server-side session',
  '(customer, cart, payment address, shipping address, shipping method, payment method, confirm), then adds',
  'history to it.',
  '',
  '**Addressing.** Every operation has two equivalent addresses: the path listed here, relative to where the',
  'host mounts the handler (`/api/order/confirm`, or `/shop/api/order/confirm` under `/shop`), and',
  "OpenCart's query form on any path (`/index.php?route=api/order&call=confirm`), given in each operation's",
  'description. A `route` in the query wins over the path. Every GET route also answers HEAD.',
  '',
  "**Requests.** A POST's parameters are its body, form-encoded (PHP's brackets, `product[0][product_id]=40`, or",
  "the ordering interface's dots, `shipping_method.code=flat.flat`) or JSON; a GET's are its query string. Integers may be",
  'sent as JSON numbers or digit strings, texts as strings or numbers.',
  '',
  '**Sessions.** `POST /api/account/login` opens one; later requests send its id as the cookie `OCSESSID` or as',
  '`api_token` (in the query: every operation in a session lists it as an optional parameter, so generated',
  "clients can send it). An API user may instead sign each request as OpenCart 4.1's clients do (see the security scheme",
  '`opencart_signature`).',
  '',
  '**Errors** are always `{ "error": { <key>: <text> } }`, the key a request field or `warning`; a refused',
  'confirm adds `products`, `totals` and `shipping_required`. The statuses are listed per operation; a handler',
  "created with `compat: 'opencart'` answers 200 for every one of them instead (a refused signature 403), as",
  'OpenCart does. An unknown route is a 404 with the same error body. Every answer is JSON and never cached.',
].join('\n');

/** The tags, in the order a reader meets them. */
const tags: readonly JsonObject[] = [
  { name: 'Session', description: 'Logging in and out.' },
  { name: 'Checkout', description: 'The steps that build the order in the session.' },
  { name: 'Cart', description: "The session's priced cart." },
  { name: 'Orders', description: 'Placing an order, its history, reading it back.' },
  { name: 'Catalog', description: 'Manufacturers and products.' },
  { name: 'Reference', description: 'This document.' },
  {
    name: 'Events',
    description:
      'What the outbox delivers to webhook endpoints (and, as the same JSON, to NATS and RabbitMQ).',
  },
];

/** Builds the document from the operation descriptors and the wire schemas. */
export function createOpenApiDocument(): OpenApiDocument {
  const paths: Record<string, JsonObject> = {};
  for (const { path, method, operation } of [...ownOperations(), ...descriptorOperations(operations)]) {
    paths[path] = { ...paths[path], [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'cartwright HTTP API',
      // The package's version (a test keeps the two equal).
      version: '0.1.0',
      description,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '/',
        description:
          'Where the host mounts the handler (paths are relative to it: under /shop, /shop/api/…).',
      },
    ],
    security: sessionSecurity,
    tags,
    paths,
    webhooks: eventWebhooks(),
    components: {
      schemas: componentSchemas(),
      parameters: parameterComponents,
      headers: headerComponents,
      securitySchemes,
    },
  };
}

let built: OpenApiDocument | undefined;

/** The document, built once on first use. */
export function openApiDocument(): OpenApiDocument {
  built ??= createOpenApiDocument();
  return built;
}
