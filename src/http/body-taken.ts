/**
 * A Web `Request` whose body was read before the handler got it: a fetch-style framework's middleware parsed it
 * from the raw request (in Hono, `c.req.json()` or a validator reads `c.req.raw`). The handler cannot read it
 * again, so it answers a 500 that names the fix (the host's wiring is at fault, no client can change it) and
 * logs it once per handler, instead of failing on a locked stream as an unexpected error.
 * @module
 */
import { type HttpReply, jsonReply } from './exchange.js';
import type { HandlerConfig } from './options.js';

/** Whether `request`'s body was read, or is being read, by someone else. */
export function bodyTaken(request: Request): boolean {
  return request.bodyUsed || request.body?.locked === true;
}

/** The answer to a request whose body was taken, logged the first time. */
export function createBodyTakenReply(config: Pick<HandlerConfig, 'texts' | 'logger'>): () => HttpReply {
  let logged = false;
  return () => {
    const warning = config.texts.bodyAlreadyRead;
    if (!logged) {
      logged = true;
      config.logger.error(
        'cartwright: the host handed the handler a request whose body was already read; hand it one with its body',
        new Error(warning),
      );
    }
    return jsonReply(500, { error: { warning } });
  };
}
