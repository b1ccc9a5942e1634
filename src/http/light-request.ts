/**
 * The lightweight `Request` a host hands the fetch handler when it has the request in another form (node's
 * `IncomingMessage`), as `@hono/node-server` does: an object that is a `Request` to anyone who looks (it passes
 * `instanceof Request`, and every member a `Request` has works), but that makes no `Headers`, body stream or
 * Web `Request` until someone other than the fetch handler asks for one. The fetch handler reads such a request
 * through the exchange it was made from (see `exchange.ts`), for as long as nobody else has touched its
 * headers or body; after that it is read as any `Request` is, so middleware between the host and the handler
 * sees, and may change, a real request.
 * @module
 */
import { exchangeKey, type HttpExchange } from './exchange.js';
import { standIn } from './stand-in.js';

/** Where the request's body comes from when someone other than the fetch handler reads it. */
export type LightBody = () => ReadableStream<Uint8Array> | Uint8Array | null;

/** The Web `Headers` of an exchange's headers. */
function webHeaders(exchange: HttpExchange): Headers {
  const headers = new Headers();
  exchange.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  return headers;
}

/** A `Request` made only when something other than the fetch handler needs one (see the module notes). */
class LightRequest {
  readonly #exchange: HttpExchange;
  readonly #body: LightBody;
  #headers: Headers | undefined;
  #request: Request | undefined;

  constructor(exchange: HttpExchange, body: LightBody) {
    this.#exchange = exchange;
    this.#body = body;
  }

  /** The exchange, while nobody else has read or changed the headers or the body; undefined after. */
  get [exchangeKey](): HttpExchange | undefined {
    return this.#headers === undefined && this.#request === undefined ? this.#exchange : undefined;
  }

  get method(): string {
    return this.#exchange.method;
  }

  get url(): string {
    return this.#exchange.url;
  }

  get headers(): Headers {
    this.#headers ??= webHeaders(this.#exchange);
    return this.#headers;
  }

  /** The Web `Request` this one stands for, made once, on first need. */
  static requestOf(light: LightRequest): Request {
    if (light.#request !== undefined) return light.#request;
    const { method, url } = light.#exchange;
    const body = light.#exchange.hasBody ? light.#body() : null;
    const init: RequestInit & { duplex?: 'half' } =
      body === null
        ? { method, headers: light.headers }
        : { method, headers: light.headers, body, duplex: 'half' };
    light.#request = new Request(url, init);
    return light.#request;
  }

  static {
    // Every other member of a `Request` is the real one's.
    standIn(LightRequest.prototype, Request.prototype, (self) =>
      LightRequest.requestOf(self as LightRequest),
    );
  }
}

/**
 * A lightweight `Request` over `exchange` (see the module notes).
 * @param exchange - the request as the fetch handler reads it
 * @param body - the body for anyone else: a stream (read as they pull it) or bytes; called at most once
 */
export function lightRequest(exchange: HttpExchange, body: LightBody): Request {
  return new LightRequest(exchange, body) as unknown as Request;
}
