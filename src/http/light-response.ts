/**
 * The lightweight `Response` the fetch handler answers a lightweight request with (see `light-request.ts`), as
 * `@hono/node-server` does: a `Response` to anyone who looks (`instanceof Response`, every member works), that
 * keeps the handler's reply as it is and makes the Web `Response` only when someone asks for more than its
 * status. The host that made the request writes the reply itself (node's `writeHead` and `end`) while nobody
 * else has looked into the response; a response changed or replaced on the way back is written as any is.
 * @module
 */
import { type HttpReply, responseOf } from './exchange.js';
import { standIn } from './stand-in.js';

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
