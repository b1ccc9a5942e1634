/**
 * Body parsers an Express app registered for every route fail before cartwright is reached: a malformed JSON
 * body, one over the parser's limit, an unsupported charset. With `bodyParserErrors(handler)` mounted after the
 * listener, the checkout's routes answer those as cartwright answers the same request itself, in its JSON (not
 * Express's HTML error page), on Express 4 and Express 5, through a real listening server; the app's own routes
 * keep Express's answers.
 */
import { createServer } from 'node:http';
import express from 'express';
import express4 from 'express4';
import { describe, expect, it } from 'vitest';
import { bodyParserErrors, createFetchHandler, toNodeListener } from '../../src/http/index.js';
import { apiKey, demoApp, listen } from './support/harness.js';

/** An app of `make` (Express 4 or 5) with JSON and form parsers for every route and cartwright at /index.php. */
function appOn(make: typeof express) {
  const app = make();
  app.use(make.json());
  app.use(make.urlencoded({ extended: true }));
  app.post('/hello', (req, res) => {
    res.json({ hello: req.body as unknown });
  });
  const demo = demoApp();
  const handler = createFetchHandler(demo.checkout, {
    ...demo.handlerOptions,
    cors: { origins: ['https://shop.example.com'] },
  });
  app.use('/index.php', toNodeListener(handler), bodyParserErrors(handler));
  return createServer(app);
}

/** POSTs `body` as `type` to `path` and answers status, content type and body text. */
async function post(origin: string, path: string, type: string, body: string, headers = {}) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body,
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cors: response.headers.get('access-control-allow-origin'),
    text: await response.text(),
  };
}

const login = '/index.php?route=api/account/login';
const json = 'application/json';
const form = 'application/x-www-form-urlencoded';
const jsonType = 'application/json; charset=utf-8';

describe('body parser failures on the checkout routes', () => {
  for (const [name, make] of [
    ['Express 5', express],
    ['Express 4', express4],
  ] as const) {
    describe(name, () => {
      it("answers malformed JSON with cartwright's 400, with its CORS headers", async () => {
        const origin = await listen(appOn(make));
        const answer = await post(origin, login, json, '{"username": "demo", ', {
          origin: 'https://shop.example.com',
        });
        expect(answer).toEqual({
          status: 400,
          type: jsonType,
          cors: 'https://shop.example.com',
          text: '{"error":{"warning":"Request contains malformed JSON!"}}',
        });
      });

      it("answers a body over the parser's limit with cartwright's 413, JSON or form", async () => {
        const origin = await listen(appOn(make));
        const big = 'x'.repeat(200_000);
        const tooLarge = { status: 413, type: jsonType, cors: null };
        const text = '{"error":{"warning":"Request must not be larger than 65536 bytes!"}}';
        expect(await post(origin, login, json, JSON.stringify({ username: big }))).toEqual({
          ...tooLarge,
          text,
        });
        expect(await post(origin, login, form, `username=${big}`)).toEqual({ ...tooLarge, text });
      });

      it("answers what it cannot replay with the parser's status in the same JSON", async () => {
        const origin = await listen(appOn(make));
        const answer = await post(origin, login, 'application/json; charset=latin1', '{}');
        expect(answer.status).toBe(415);
        expect(answer.type).toBe(jsonType);
        expect(JSON.parse(answer.text)).toEqual({
          error: { warning: 'Warning: The request body could not be read (unsupported charset "LATIN1")!' },
        });
      });

      it("still checks out with the parsers in front, and leaves the app's own routes Express's answers", async () => {
        const origin = await listen(appOn(make));
        const ok = await post(
          origin,
          login,
          form,
          new URLSearchParams({ username: 'demo', key: apiKey }).toString(),
        );
        expect(ok.status).toBe(200);
        const own = await post(origin, '/hello', json, '{"broken": ');
        expect(own.status).toBe(400);
        expect(own.type).toMatch(/^text\/html/);
      });
    });
  }
});
