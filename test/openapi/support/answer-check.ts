/**
 * Checks an answer of the HTTP API against the OpenAPI document: the operation the request addressed (by its
 * `?route=` form or its path alias), the status (which the operation must list), and the body against that
 * status's schema, with ajv (draft 2020-12, formats). The HTTP tests' harness runs it on every answer it reads,
 * so a presenter or an error that drifts from the document fails the test that received it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createOpenApiDocument, type OpenApiDocument } from '../../../src/http/openapi/document.js';

type Json = { readonly [key: string]: unknown };

/** ajv-formats is CommonJS; its default export arrives wrapped under some loaders. */
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => Ajv2020;

/** The document the answers are checked against: built from the source, as the package's file is. */
export const document: OpenApiDocument = createOpenApiDocument();

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document as unknown as Json, 'openapi');

/** A JSON Pointer segment. */
function pointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

const compiled = new Map<string, ValidateFunction>();

/** The validator of the schema at `path` in the document (a JSON Pointer), compiled once. */
function validatorAt(path: readonly string[]): ValidateFunction {
  const ref = `openapi#/${path.map(pointer).join('/')}`;
  let validate = compiled.get(ref);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

/** A documented route: its path item and the methods it lists. */
interface DocumentedRoute {
  readonly path: string;
  readonly methods: readonly string[];
}

/** The documented routes by route key (`api/order&call=confirm`), and the route keys by path. */
const byRouteKey = new Map<string, DocumentedRoute>();
const keyByPath = new Map<string, string>();
for (const [path, item] of Object.entries(document.paths)) {
  const methods = Object.keys(item);
  const first = item[methods[0] ?? ''] as Json;
  const route = first['x-opencart-route'] as { route: string; call?: string; code?: string };
  const call = route.call === undefined ? '' : `&call=${route.call}`;
  const key = `${route.route}${call}${route.code === undefined ? '' : `&code=${route.code}`}`;
  byRouteKey.set(key, { path, methods });
  keyByPath.set(path, key);
}

/** The route key a request URL addresses, as the handler reads it (query first, then the path alias). */
function routeKeyOf(url: URL): string {
  const query = (name: string) => url.searchParams.get(name)?.trim() ?? '';
  const route = query('route').replace(/[.|]/g, '/');
  if (route === '') {
    const segments = url.pathname.split('/').filter((segment) => segment !== '');
    const start = segments.lastIndexOf('api');
    return start < 0 ? '' : (keyByPath.get(`/${segments.slice(start).join('/')}`) ?? '');
  }
  if (route !== 'api/order') return route;
  const call = query('call');
  return ['api/order', `call=${call}`, ...(call === 'extension' ? [`code=${query('code')}`] : [])].join('&');
}

/** The errors of `validate`, readable. */
function problems(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { separator: '\n  ' });
}

/** Whether `body` is an error answer (`{ "error": … }`), which no success answer is. */
function isErrorBody(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'error' in body;
}

/**
 * Throws unless `body`, answered with `status` to a request to `url`, is what the document says. An unknown
 * route is checked against the error schema. A 200 with an error body is the `compat: 'opencart'` form of an
 * error: it must match one of the operation's documented error answers.
 */
export function checkAnswer(url: string, status: number, body: unknown): void {
  const target = new URL(url);
  const found = byRouteKey.get(routeKeyOf(target));
  if (found === undefined) {
    const validate = validatorAt(['components', 'schemas', 'Error']);
    if (!validate(body))
      throw new Error(`${url} → ${status}: not the error schema:\n  ${problems(validate)}`);
    return;
  }
  const method = found.methods.includes('post') ? 'post' : (found.methods[0] ?? 'get');
  const operation = document.paths[found.path]?.[method] as Json;
  const responses = operation.responses as Record<string, Json>;
  const statuses =
    status === 200 && isErrorBody(body)
      ? Object.keys(responses).filter((code) => code !== '200')
      : [String(status)];
  const failures: string[] = [];
  for (const code of statuses) {
    if (responses[code] === undefined) {
      failures.push(`status ${code} is not documented for ${found.path}`);
      continue;
    }
    const validate = validatorAt([
      'paths',
      found.path,
      method,
      'responses',
      code,
      'content',
      'application/json',
      'schema',
    ]);
    if (validate(body)) return;
    failures.push(`${code}: ${problems(validate)}`);
  }
  throw new Error(
    `${url} → ${status} does not match the OpenAPI document:\n  ${failures.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`,
  );
}
