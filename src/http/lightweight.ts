/**
 * The lightweight `Request` and `Response` a host and the fetch handler pass between them when the host has the
 * request in another form (node's `IncomingMessage`), as `@hono/node-server` does. Each is a `Request` or a
 * `Response` to anyone who looks (it passes `instanceof`, and every member of the Web class works), but makes no
 * `Headers`, body stream or Web object until someone other than the host and the handler asks for one.
 *
 * The fetch handler reads a lightweight request through the exchange it was made from (see `exchange.ts`), for as
 * long as nobody else has touched its headers or body; after that it is read as any `Request` is, so middleware
 * between the host and the handler sees, and may change, a real request. It answers such a request with a
 * lightweight response that keeps the handler's reply as it is and makes the Web `Response` only when someone
 * asks for more than its status: the host that made the request writes the reply itself (node's `writeHead` and
 * `end`) while nobody else has looked into the response; a response changed or replaced on the way back is
 * written as any is.
 * @module
 */
import { exchangeKey, type HttpExchange, type HttpReply, responseOf } from './exchange.js';

// The stand-in: how a class passes for a Web class (`Request`, `Response`) that it builds only on demand. Its
// instances pass `instanceof` for the Web class, and every member of the Web class they do not define themselves
// is the built object's (getters read it, methods call it), so a reader cannot tell the difference.

/**
 * Gives `prototype` every member of `web` it does not have, each reading or calling `realOf(this)`, and makes it
 * inherit from `web`.
 * @param prototype - the stand-in's prototype
 * @param web - the Web class's prototype (`Request.prototype`)
 * @param realOf - the Web object an instance stands for, built on first need
 */
function standIn(prototype: object, web: object, realOf: (self: unknown) => object): void {
  for (const name of Object.getOwnPropertyNames(web)) {
    const member = Object.getOwnPropertyDescriptor(web, name);
    if (name === 'constructor' || Object.hasOwn(prototype, name) || member === undefined) continue;
    const real = (self: unknown) => realOf(self) as Record<string, unknown>;
    if (typeof member.value === 'function') {
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          const target = real(this);
          return (target[name] as (...values: unknown[]) => unknown).apply(target, args);
        },
      });
    } else if (member.get !== undefined) {
      Object.defineProperty(prototype, name, {
        configurable: true,
        get(this: unknown) {
          return real(this)[name];
        },
      });
    }
  }
  Object.setPrototypeOf(prototype, web);
}

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

/** A `Response` made only when something other than the host needs one (see the module notes). */
class LightResponse {
  readonly #reply: HttpReply;
  #response: Response | undefined;

  constructor(reply: HttpReply) {
    this.#reply = reply;
  }

  get status(): number {
    return this.#reply.status;
  }

  /** The reply, while nobody has looked into the response; undefined after. */
  static replyOf(light: LightResponse): HttpReply | undefined {
    return light.#response === undefined ? light.#reply : undefined;
  }

  /** The Web `Response` this one stands for, made once, on first need. */
  static responseOf(light: LightResponse): Response {
    light.#response ??= responseOf(light.#reply);
    return light.#response;
  }

  static {
    // Every other member of a `Response` is the real one's.
    standIn(LightResponse.prototype, Response.prototype, (self) =>
      LightResponse.responseOf(self as LightResponse),
    );
  }
}

/** A lightweight `Response` of `reply` (see the module notes). */
export function lightResponse(reply: HttpReply): Response {
  return new LightResponse(reply) as unknown as Response;
}

/**
 * The reply a lightweight response was made of, while nobody has looked into it (so it can be written as it
 * is); undefined for any other response.
 */
export function lightReplyOf(response: Response): HttpReply | undefined {
  return response instanceof LightResponse ? LightResponse.replyOf(response) : undefined;
}
