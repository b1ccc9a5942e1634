/**
 * A small API client as an OpenCart 4.1 integration would write it in PHP, for the signed-request tests: it
 * encodes its data as PHP's `http_build_query` does (nested arrays as `a%5Bb%5D%5B0%5D=…`, spaces as `+`), signs
 * every request with HMAC-SHA1 over OpenCart's ten lines, POSTs every call, never logs in, and keeps the session
 * cookie it is given. Written apart from the server's code (node:crypto, its own encoder), so that the tests
 * compare two implementations rather than one with itself.
 */
import { createHash, createHmac } from 'node:crypto';
import type { ManualClock } from '../../../src/testing/index.js';
import { type Reply, readReply } from './harness.js';

/** The data of a call, as a PHP array would hold it. */
export interface PhpData {
  readonly [key: string]: string | number | PhpData | readonly (string | number | PhpData)[];
}

/** PHP's `urlencode`: only letters, digits, `-`, `_` and `.` stay; a space is `+`. */
function urlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** `http_build_query($data)`. */
export function buildQuery(data: PhpData | readonly unknown[], prefix?: string): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const name = prefix === undefined ? urlencode(key) : `${prefix}%5B${urlencode(key)}%5D`;
    if (typeof value === 'object' && value !== null) {
      const nested = buildQuery(value as PhpData, name);
      if (nested !== '') pairs.push(nested);
    } else {
      pairs.push(`${name}=${urlencode(String(value))}`);
    }
  }
  return pairs.join('&');
}

/** One signed request, ready to send (or to tamper with first). */
export interface SignedCall {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly body: string;
}

/** What a call may change. */
export interface CallOptions {
  /** Default `api/order`. */
  readonly route?: string;
  /** Default POST, as OpenCart 4.1's clients send every call. */
  readonly method?: 'GET' | 'POST';
  /** Seconds since the epoch; default the client clock's. */
  readonly time?: number;
  /** Extra query parameters, after the signed ones (`code` of an extension call). */
  readonly query?: Readonly<Record<string, string>>;
  /** Signs as if calling another host or script (`shop.example`, `/shop/index.php`): a tampered request. */
  readonly signAs?: { readonly host?: string; readonly path?: string };
  /** Default `demo`'s, as the client was made. */
  readonly username?: string;
}

/** The client. */
export interface SigningClient {
  /** The signing of one call, not sent. */
  sign(call: string, data?: PhpData, options?: CallOptions): SignedCall;
  /** Sends a signed call with the session cookie the client holds, and keeps the one the answer sets. */
  send(signed: SignedCall, headers?: Readonly<Record<string, string>>): Promise<Reply>;
  /** Signs and sends. */
  call(call: string, data?: PhpData, options?: CallOptions): Promise<Reply>;
  /** The session cookie held (`OCSESSID=…`), if any. */
  readonly cookie: string | undefined;
  /** Forgets the session cookie. */
  forgetCookie(): void;
}

/** Who the client is and where it calls. */
export interface SigningClientOptions {
  readonly origin: string;
  readonly username: string;
  readonly secret: string;
  /** Gives the `time` of each request. */
  readonly clock: ManualClock;
  /** Default `/index.php`. */
  readonly path?: string;
}

/** The script directory OpenCart signs: `/` for `/index.php`, `/shop/` for `/shop/index.php`. */
function directoryOf(path: string): string {
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  return dir === '' ? '/' : dir;
}

/** A signing client for `options`. */
export function createSigningClient(options: SigningClientOptions): SigningClient {
  const { origin, username, secret, clock } = options;
  const path = options.path ?? '/index.php';
  const host = new URL(origin).host;
  let cookie: string | undefined;

  const sign = (call: string, data: PhpData = {}, callOptions: CallOptions = {}): SignedCall => {
    const route = callOptions.route ?? 'api/order';
    const time = callOptions.time ?? Math.floor(clock.now().getTime() / 1000);
    const body = buildQuery(data);
    const user = callOptions.username ?? username;
    const signedHost = callOptions.signAs?.host ?? host;
    const signedPath = directoryOf(callOptions.signAs?.path ?? path);
    const lines = [route, call, user, signedHost, signedPath, '0', 'en-gb', 'USD'];
    const text = `${[...lines, createHash('md5').update(body).digest('hex'), String(time)].join('\n')}\n`;
    const signature = createHmac('sha1', secret).update(text).digest('base64');
    const query = new URLSearchParams({
      route,
      call,
      username: user,
      store_id: '0',
      language: 'en-gb',
      currency: 'USD',
      time: String(time),
    });
    const extra = new URLSearchParams(callOptions.query ?? {}).toString();
    const url = `${origin}${path}?${query}&signature=${encodeURIComponent(signature)}${extra === '' ? '' : `&${extra}`}`;
    return { method: callOptions.method ?? 'POST', url, body };
  };

  const send = async (signed: SignedCall, headers: Readonly<Record<string, string>> = {}): Promise<Reply> => {
    const response = await fetch(signed.url, {
      method: signed.method,
      headers: {
        ...(signed.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(cookie === undefined ? {} : { cookie }),
        ...headers,
      },
      body: signed.method === 'POST' ? signed.body : null,
    });
    const set = response.headers.get('set-cookie');
    if (set !== null) cookie = set.startsWith('OCSESSID=;') ? undefined : set.split(';')[0];
    return readReply(response);
  };

  return {
    sign,
    send,
    call: (call, data, callOptions) => send(sign(call, data, callOptions)),
    get cookie() {
      return cookie;
    },
    forgetCookie() {
      cookie = undefined;
    },
  };
}
