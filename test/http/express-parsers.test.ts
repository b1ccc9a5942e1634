/**
 * Express with a body parser mounted in front of cartwright, as most Express apps have one: the node bridge
 * takes the body the parser left (`req.body`, or its bytes) instead of the drained stream, and a whole checkout
 * passes through a real listening server whichever parser ran. A body read and lost answers a JSON error that
 * names the fix.
 */
import { createServer, type IncomingMessage } from 'node:http';
import express, { type RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { type HttpLogger, toNodeListener } from '../../src/http/index.js';
import { type BodyEncoding, expectedTotal, orderPlaced, runFullCheckout } from './support/full-checkout.js';
import { apiKey, demoHandler, listen, send } from './support/harness.js';

/** An Express app with `parser` in front of everything, a JSON route of its own and cartwright at `/index.php`. */
function expressApp(parser: RequestHandler, logger: HttpLogger = { error: () => {} }) {
  const app = express();
  app.use(parser);
  app.post('/echo', (req, res) => {
    res.json({ echoed: req.body as unknown });
  });
  app.use('/index.php', toNodeListener(demoHandler(), { logger }));
  return createServer(app);
}

const parsers: readonly (readonly [string, RequestHandler, BodyEncoding])[] = [
  ['express.json()', express.json(), 'json'],
  ['express.urlencoded() (flat)', express.urlencoded({ extended: false }), 'form'],
  ['express.urlencoded({ extended: true })', express.urlencoded({ extended: true }), 'form'],
  ["express.raw({ type: '*/*' })", express.raw({ type: '*/*' }), 'form'],
  ["express.text({ type: '*/*' })", express.text({ type: '*/*' }), 'json'],
];

describe('Express with a body parser in front', () => {
  for (const [name, parser, encoding] of parsers) {
    it(`checks out with ${name} mounted (${encoding} bodies)`, async () => {
      const origin = await listen(expressApp(parser));
      const exchanges = await runFullCheckout({ url: `${origin}/index.php`, apiKey, encoding });
      expect(orderPlaced(exchanges)).toEqual({ order_id: 1, total: expectedTotal });
    });
  }

  it('checks out with both express.json() and express.urlencoded(), in either encoding', async () => {
    const both: RequestHandler = (req, res, next) =>
      express.json()(req, res, () => express.urlencoded({ extended: false })(req, res, next));
    const origin = await listen(expressApp(both));
    for (const encoding of ['json', 'form'] as const) {
      const exchanges = await runFullCheckout({ url: `${origin}/index.php`, apiKey, encoding });
      expect(orderPlaced(exchanges)).toMatchObject({ total: expectedTotal });
    }
    const echo = await fetch(`${origin}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"host"}',
    });
    expect(await echo.json()).toEqual({ echoed: { hello: 'host' } });
  });

  it('prefers the exact bytes a parser kept on req.rawBody (a verify hook) to the parsed req.body', async () => {
    const keepRaw = express.json({
      verify: (req: IncomingMessage & { rawBody?: Buffer }, _res, buf) => {
        req.rawBody = buf;
      },
    });
    // Something in the app changes the parsed body afterwards: the bytes the client sent still decide.
    const rewrite: RequestHandler = (req, res, next) =>
      keepRaw(req, res, () => {
        req.body = { username: 'demo', key: 'rewritten' };
        next();
      });
    const origin = await listen(expressApp(rewrite));
    const reply = await send(origin, 'api/account/login', { json: { username: 'demo', key: apiKey } });
    expect(reply.status).toBe(200);
  });

  it('refuses a body the parser wrote out of reach as the handler would: JSON too deep is 400', async () => {
    const origin = await listen(expressApp(express.json()));
    const reply = await send(origin, 'api/account/login', {
      json: { a: { b: { c: { d: { e: { f: 1 } } } } } },
    });
    expect(reply.status).toBe(400);
  });

  it('answers a clear 500 naming the fix when the body was read and nothing was kept, and logs it once', async () => {
    const swallow: RequestHandler = (req, _res, next) => {
      req.resume();
      req.on('end', () => next());
    };
    const errors: string[] = [];
    const origin = await listen(
      expressApp(swallow, { error: (message: string) => void errors.push(message) }),
    );
    for (let i = 0; i < 2; i += 1) {
      const reply = await send(origin, 'api/account/login', { form: { username: 'demo', key: apiKey } });
      expect(reply.status).toBe(500);
      expect(reply.error.warning).toMatch(/Mount cartwright before the body parser/);
    }
    expect(errors).toHaveLength(1);
    // A request without a body is not affected.
    const get = await send(origin, 'api/cart/getProducts');
    expect(get.status).toBe(401);
  });
});
