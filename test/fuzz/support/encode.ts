/**
 * A {@link Call} as bytes on the wire, and what the server's request parsing must make of them: the refusal the
 * query string or the body must get (and its status), the session id the server will use, and the operation's
 * input as the server will see it. Everything here follows the documented rules (docs/http-api.md, "Bodies and
 * parameters", "Sessions"), computed from what was written rather than read back from the server.
 */
import {
  aliases,
  badJson,
  badUtf8,
  bends,
  brokenMembers,
  brokenPairs,
  forgedTokens,
  longQueryPadding,
  notObjects,
  oversizePadding,
  pick,
  tooManyFields,
  unreadTypes,
} from './breakage.js';
import type { Call } from './call.js';
import { encodeForm, formPairs, percentEncode } from './encode-form.js';
import { encodeJson } from './encode-json.js';
import { readsQuery, routeSpecs } from './routes.js';
import { bare, type Params, paramsSeenAs, type Seen } from './tree.js';
import type { WireRequest } from './wire.js';

/** The body and query limits of the server (its defaults). */
export const limits = { maxBytes: 65_536, maxKeys: 1_000, maxDepth: 5 } as const;

/** A refusal the request parsing must give. */
export interface Refusal {
  readonly statuses: readonly number[];
  readonly why: string;
}

/** A call on the wire, and what the server must make of it before any operation runs. */
export interface Encoded {
  readonly wire: WireRequest;
  /** The session id the server will use (`api_token` in the query, then in the body, then the cookie). */
  readonly token: string | undefined;
  readonly queryRefusal: Refusal | undefined;
  /** Only looked at when the method has a body and the route takes it. */
  readonly bodyRefusal: Refusal | undefined;
  /** The operation's input as the server sees it (the query's for GET and HEAD, the body's otherwise). */
  readonly seen: { readonly [key: string]: Seen };
  /** The request line and headers pass the 64 KiB the handler takes in a query string. */
  readonly oversizedHead: boolean;
}

/** The session ids of a run a call may use: its own, and another one. */
export interface Tokens {
  readonly own: string | undefined;
  readonly other: string | undefined;
}

/** The refusal of form pairs by the documented limits, or undefined. */
function formRefusal(text: string, pairs: number, depth: number, unencodable: boolean): Refusal | undefined {
  if (Buffer.byteLength(text) > limits.maxBytes) return { statuses: [413], why: 'over 64 KiB' };
  if (pairs > limits.maxKeys) return { statuses: [400], why: 'over 1,000 fields' };
  if (depth > limits.maxDepth) return { statuses: [400], why: 'nested deeper than 5' };
  if (unencodable) return { statuses: [400], why: 'a lone surrogate, written as bytes that are not UTF-8' };
  return undefined;
}

/** Where the session id goes, and the one the server will use. */
interface Placement {
  readonly query: string[];
  readonly bodyToken: string | undefined;
  readonly cookie: string | undefined;
  readonly token: string | undefined;
}

function place(call: Call, tokens: Tokens, bodyRead: boolean): Placement {
  const own = tokens.own ?? '';
  const { via, variant } = call.auth;
  const q = (token: string) => [`api_token=${percentEncode(token)}`];
  switch (via) {
    case 'cookie':
      return { query: [], bodyToken: undefined, cookie: own, token: own || undefined };
    case 'query':
      return { query: q(own), bodyToken: undefined, cookie: undefined, token: own || undefined };
    case 'body':
      return bodyRead
        ? { query: [], bodyToken: own, cookie: undefined, token: own || undefined }
        : { query: q(own), bodyToken: undefined, cookie: undefined, token: own || undefined };
    case 'query-over-cookie':
      return { query: q(own), bodyToken: undefined, cookie: tokens.other, token: own || tokens.other };
    case 'ignored-token': {
      const ignored = pick([`api_token[]=${percentEncode(own)}`, 'api_token=', 'api_token[x]=1'], variant);
      return { query: [ignored], bodyToken: undefined, cookie: own, token: own || undefined };
    }
    case 'none':
      return { query: [], bodyToken: undefined, cookie: undefined, token: undefined };
    case 'forged': {
      const forged = pick(forgedTokens, variant);
      return variant % 2 === 0
        ? { query: [], bodyToken: undefined, cookie: encodeURIComponent(forged), token: forged }
        : { query: q(forged), bodyToken: undefined, cookie: own, token: forged };
    }
    case 'bent': {
      const bent = pick(bends, variant)(own);
      return { query: q(bent), bodyToken: undefined, cookie: own, token: bent || own || undefined };
    }
  }
}

/** The query string: the route, the session id, a GET's parameters, and any breakage. */
function buildQuery(call: Call, placement: Placement, params: Params) {
  const spec = routeSpecs[call.route];
  const parts = [pick(spec.spellings, call.spelling), ...placement.query];
  const get = readsQuery(call.method);
  const paramText = get ? encodeForm(formPairs(params, call.form), call.form) : undefined;
  if (paramText !== undefined && paramText.text !== '') parts.push(paramText.text);
  let extra: string[] = [];
  const broken = call.query;
  if (broken === 'long') extra = [`pad=${longQueryPadding}`];
  else if (broken === 'many') extra = Array.from({ length: tooManyFields }, (_, i) => `m${i}=1`);
  else if (broken === 'route-decoy') parts.unshift('route=api/nothing');
  else if (broken !== 'none') extra = [pick(brokenPairs[broken], call.variant)];
  const text = [...parts, ...extra].filter((part) => part !== '').join('&');
  const pairs = text === '' ? 0 : text.split('&').filter((piece) => piece !== '').length;
  const depth = Math.max(paramText?.depth ?? 0, broken === 'deep' ? 6 : 0);
  let refusal = formRefusal(text, pairs, depth, paramText?.unencodable ?? false);
  if (refusal === undefined && ['forbidden-key', 'bad-escape', 'bad-key'].includes(broken)) {
    refusal = { statuses: [400], why: `query: ${broken}` };
  }
  return { text, refusal };
}

/** A JSON text with raw member text put in first. */
function withMember(text: string, member: string): string {
  return text === '{}' ? `{${member}}` : `{${member},${text.slice(1)}`;
}

/** Whether a JSON text parses to an object, as the server requires. */
function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

/** The body and its media type, and the refusal it must get. */
function buildBody(call: Call, params: Params): { body: Buffer; type: string; refusal: Refusal | undefined } {
  const { variant } = call;
  const broken = call.body;
  const json = call.encoding === 'json';
  let type = json ? 'application/json' : 'application/x-www-form-urlencoded';
  if (broken === 'media-alias') type = pick(aliases[call.encoding], variant);
  let text: string;
  let refusal: Refusal | undefined;
  if (json) {
    const padded = broken === 'oversize' ? { ...params, pad: oversizePadding } : params;
    const many =
      broken === 'many' ? { ...padded, m: Array.from({ length: tooManyFields }, () => 1) } : padded;
    const encoded = encodeJson(many, call.json);
    text = encoded.text;
    if (broken === 'forbidden-key' || broken === 'bad-escape' || broken === 'bad-key' || broken === 'deep') {
      text = withMember(text, pick(brokenMembers[broken], variant));
    } else if (broken === 'bad-json') text = pick(badJson, variant)(text);
    else if (broken === 'not-object') text = pick(notObjects, variant);
    if (Buffer.byteLength(text) > limits.maxBytes) refusal = { statuses: [413], why: 'over 64 KiB' };
    else if (broken === 'deep' || encoded.depth > limits.maxDepth)
      refusal = { statuses: [400], why: 'too deep' };
    else if (encoded.fields > limits.maxKeys) refusal = { statuses: [400], why: 'over 1,000 fields' };
    else if (!isJsonObject(text) || encoded.malformed)
      refusal = { statuses: [400], why: 'not a JSON object' };
    else if (broken === 'forbidden-key' || broken === 'bad-key') refusal = { statuses: [400], why: broken };
  } else {
    const pairs = formPairs(params, call.form);
    if (broken === 'oversize') pairs.push({ path: ['pad'], text: oversizePadding });
    const encoded = encodeForm(pairs, call.form);
    const extra =
      broken === 'many'
        ? Array.from({ length: tooManyFields }, (_, i) => `m${i}=1`)
        : broken in brokenPairs
          ? [pick(brokenPairs[broken as keyof typeof brokenPairs], variant)]
          : [];
    text = [encoded.text, ...extra].filter((part) => part !== '').join('&');
    const count = text === '' ? 0 : text.split('&').filter((piece) => piece !== '').length;
    const depth = Math.max(encoded.depth, broken === 'deep' ? 6 : 0);
    refusal = formRefusal(text, count, depth, encoded.unencodable);
    if (refusal === undefined && broken in brokenPairs) refusal = { statuses: [400], why: `body: ${broken}` };
  }
  if (broken === 'empty') text = '';
  let body = Buffer.from(text, 'utf8');
  if (broken === 'bad-utf8' && text !== '') {
    const at = text.indexOf('=') >= 0 ? text.indexOf('=') + 1 : text.indexOf(':') + 1;
    body = Buffer.concat([body.subarray(0, at), pick(badUtf8, variant), body.subarray(at)]);
    refusal ??= { statuses: [400], why: 'not UTF-8' };
  }
  if (broken === 'empty') refusal = undefined;
  if (broken === 'media-type') {
    // No parser runs: only the size and the UTF-8 check come before the 415.
    type = pick(unreadTypes, variant);
    if (body.byteLength > limits.maxBytes) refusal = { statuses: [413], why: 'over 64 KiB' };
    else if (body.byteLength > 0) refusal = { statuses: [415], why: 'a media type no parser reads' };
    else refusal = undefined;
  }
  return { body, type, refusal };
}

/** Encodes a call (its references already resolved) for the run's sessions. */
export function encode(call: Call, params: Params, tokens: Tokens): Encoded {
  const get = readsQuery(call.method);
  const placement = place(call, tokens, !get);
  const withToken: Params =
    placement.bodyToken === undefined
      ? params
      : bare([...Object.entries(params), ['api_token', placement.bodyToken]]);
  const query = buildQuery(call, placement, get ? params : {});
  const headers: Record<string, string> = { ...call.headers };
  if (placement.cookie !== undefined) headers.cookie = `theme=dark; OCSESSID=${placement.cookie}; lang=en`;
  let body: ReturnType<typeof buildBody> | undefined;
  if (!get) {
    body = buildBody(call, withToken);
    if (body.type !== '') headers['content-type'] = body.type;
  }
  const path = `/index.php${query.text === '' ? '' : `?${query.text}`}`;
  const headBytes =
    path.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  const seen =
    get || call.body === 'empty' || body?.refusal !== undefined
      ? paramsSeenAs(get ? params : {}, 'form')
      : paramsSeenAs(params, call.encoding);
  // An emptied body carries no api_token either.
  const token = call.body === 'empty' && placement.bodyToken !== undefined ? undefined : placement.token;
  return {
    wire: { method: call.method, path, headers, body: body?.body },
    token,
    queryRefusal: query.refusal,
    bodyRefusal: body?.refusal,
    seen,
    oversizedHead: headBytes > 65_536,
  };
}
