/**
 * The OpenAPI document: valid OpenAPI 3.1 by a standard validator, one path item for every route the handler
 * answers (and none it does not), the committed and generated files current, served at `?route=api/openapi`
 * and `/api/openapi` without a session, and the answer check the HTTP tests run catching a drifted answer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../../scripts/generate-api.js';
import { createOpenApiDocument } from '../../src/http/openapi/document.js';
import { findRoute, routes } from '../../src/http/routes.js';
import { operations } from '../../src/operations/index.js';
import { checkedFetch, startDemo } from '../http/support/harness.js';
import { checkAnswer } from './support/answer-check.js';

const root = join(import.meta.dirname, '../..');
const document = createOpenApiDocument();
type Json = Record<string, unknown>;

/** Every documented operation with its path and method. */
const documented = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Json })),
);

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(document) as unknown as Json);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('documents every route the handler answers, at a path the handler answers too, and no other', () => {
    const keys = documented.map(({ operation }) => {
      const address = operation['x-opencart-route'] as { route: string; call?: string; code?: string };
      const call = address.call === undefined ? '' : `&call=${address.call}`;
      return `${address.route}${call}${address.code === undefined ? '' : `&code=${address.code}`}`;
    });
    expect(new Set(keys)).toEqual(new Set(routes.keys()));
    for (const { path, operation } of documented) {
      const address = operation['x-opencart-route'] as Record<string, string>;
      expect(findRoute({}, path), path).toBeDefined();
      expect(findRoute({}, path)).toBe(findRoute(address));
    }
  });

  it('lists every operation with a route once by its name, its methods as its descriptor says', () => {
    const ids = documented.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const operation of operations) {
      if (operation.http === undefined) continue;
      const own = documented.filter(({ operation: o }) => o.operationId === operation.name);
      expect(own.map(({ method }) => method)).toEqual([operation.http.method.toLowerCase()]);
      expect(own[0]?.operation.summary).toBe(operation.summary);
    }
    expect(documented.filter(({ operation }) => operation.operationId === 'confirm_get')).toHaveLength(1);
  });

  it("carries the package's version", () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(document.info.version).toBe(pkg.version);
  });

  it('is the committed docs/openapi.json, and the client route table is current (npm run generate)', () => {
    for (const [path, text] of generatedFiles(false)) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: run npm run generate`).toBe(text);
    }
  });

  it('is served without a session at ?route=api/openapi and /api/openapi, HEAD too; POST is refused', async () => {
    const demo = await startDemo();
    const expected = JSON.parse(JSON.stringify(document)) as unknown;
    for (const url of [`${demo.origin}/index.php?route=api/openapi`, `${demo.origin}/api/openapi`]) {
      const response = await checkedFetch(url);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(expected);
    }
    const head = await checkedFetch(`${demo.origin}/api/openapi`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const post = await checkedFetch(`${demo.origin}/api/openapi`, { method: 'POST' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });
});

describe('the answer check of the HTTP tests', () => {
  const url = 'http://127.0.0.1/index.php?route=api/cart/getTotals';
  const line = { code: 'total', title: 'Total', value: 350, text: '$350.00', sort_order: 9 };

  it('passes an answer as documented, by its ?route= form or its path', () => {
    expect(() => checkAnswer(url, 200, [line])).not.toThrow();
    expect(() => checkAnswer('http://127.0.0.1/shop/api/cart/getTotals', 200, [line])).not.toThrow();
    expect(() => checkAnswer(url, 401, { error: { warning: 'no' } })).not.toThrow();
  });

  it('fails a field too many, a field of the wrong type, a field missing, and an undocumented status', () => {
    expect(() => checkAnswer(url, 200, [{ ...line, extra: 1 }])).toThrow(/additional properties/);
    expect(() => checkAnswer(url, 200, [{ ...line, sort_order: '9' }])).toThrow(/must be integer/);
    const { text: _, ...noText } = line;
    expect(() => checkAnswer(url, 200, [noText])).toThrow(/required property 'text'/);
    expect(() => checkAnswer(url, 429, { error: { warning: 'slow down' } })).toThrow(/not documented/);
  });

  it("requires the cart on confirm's refusals, and an error body for an unknown route", () => {
    const confirm = 'http://127.0.0.1/index.php?route=api/order&call=confirm';
    expect(() => checkAnswer(confirm, 422, { error: { warning: 'no' } })).toThrow(/products/);
    expect(() => checkAnswer(confirm, 401, { error: { warning: 'no' } })).not.toThrow();
    expect(() =>
      checkAnswer('http://127.0.0.1/index.php?route=api/nothing', 404, { warning: 'x' }),
    ).toThrow();
  });
});
