/**
 * The client's address: who is calling, and which address a request's IP check uses.
 *
 * A host with a socket reads the client with {@link resolveClient}: the socket's peer address and, only when that
 * peer is a proxy the host trusts, the `X-Forwarded-For` / `X-Forwarded-Proto` headers. It is Web-standard (no
 * Node import), so a host on any runtime can use it before it calls the fetch handler.
 *
 * The handler then takes the address the host passed (`info.ip`), unless the host read it from a forwarding header
 * any client can write without saying it trusts it; or, when the host passed none (Next.js route handlers,
 * serverless functions have no peer address), what the handler's trusted proxy header names. When no address can
 * be told, the login and the session routes are refused (500: the host's wiring is at fault, no client can change
 * it), except for API users whose IP list is off (`allowAnyIp`).
 * @module
 */
import type { HeaderReader } from './exchange.js';
import { type HttpError, httpError } from './http-error.js';
import type { HandlerConfig } from './options.js';
import { fillText } from './texts.js';

/** The proxies whose forwarding headers count: exact addresses, or a test. Default: none. */
export type TrustProxy = readonly string[] | ((address: string) => boolean);

/** What {@link resolveClient} reads. */
export interface ClientSource {
  /** The socket's peer address (`req.socket.remoteAddress`); empty when unknown. */
  readonly peer: string;
  /** The request headers (a `Headers`, or anything that reads a header by name as it does). */
  readonly headers: Pick<Headers, 'get'>;
  /** Whether the socket itself is TLS. */
  readonly encrypted: boolean;
  /** The trusted proxies; default none. */
  readonly trustProxy?: TrustProxy | undefined;
}

/**
 * Where a client address came from: `socket`, the connection's peer; `proxy`, a forwarding header of a proxy
 * the host trusts.
 */
export type ClientAddressSource = 'socket' | 'proxy';

/** The client as the handler sees it. */
export interface ResolvedClient {
  /** The client's address, normalised (see {@link normalizeIp}). */
  readonly ip: string;
  /** Whether the client reached the server over HTTPS (the socket, or a trusted proxy's `X-Forwarded-Proto`). */
  readonly https: boolean;
  /** Where {@link ip} came from. */
  readonly from: ClientAddressSource;
}

/**
 * The forwarding header of the proxy in front of a host that has no peer address of its own (a Next.js route
 * handler, a serverless function): the handler reads the client's address from it, and from nothing else.
 */
export interface TrustedProxyHeader {
  /**
   * The header: `x-forwarded-for` behind a proxy that appends to it (nginx's `$proxy_add_x_forwarded_for`, most
   * load balancers), or one a platform sets itself, whatever the client sent (`x-real-ip` from an nginx that
   * sets it, `x-vercel-forwarded-for` on Vercel, `cf-connecting-ip` behind Cloudflare, `fly-client-ip` on Fly).
   */
  readonly name: string;
  /**
   * The proxies in front. A number: how many of them each appended one entry, so the client is that many
   * entries from the right (default 1: the last entry, the one the proxy nearest the app wrote). Or their
   * addresses (or a test): entries from the right that are one of them are skipped, and the first that is not
   * is the client. Entries left of it are never read: a client can write anything there.
   */
  readonly proxies?: number | TrustProxy | undefined;
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/;

/**
 * An address in the form API users' IP lists are written in: trimmed, lower-case, an IPv4-mapped IPv6 address
 * (`::ffff:127.0.0.1`, what a dual-stack socket reports for an IPv4 client) as plain IPv4, an IPv6 zone
 * (`fe80::1%eth0`) and the brackets of `[::1]` dropped.
 */
export function normalizeIp(address: string): string {
  let ip = address.trim().toLowerCase();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  return IPV4_MAPPED.exec(ip)?.[1] ?? ip;
}

/** The trust test for `trustProxy`. */
function trustTest(trustProxy: TrustProxy | undefined): (address: string) => boolean {
  if (trustProxy === undefined) return () => false;
  if (typeof trustProxy === 'function') return (address) => trustProxy(address);
  const trusted = new Set(trustProxy.map(normalizeIp));
  return (address) => trusted.has(address);
}

/** The comma-separated entries of a header, normalised, blanks dropped. */
function headerList(headers: Pick<Headers, 'get'>, name: string): string[] {
  const value = headers.get(name);
  if (value === null) return [];
  return value
    .split(',')
    .map((entry) => normalizeIp(entry))
    .filter((entry) => entry !== '');
}

/**
 * The client behind the socket: the peer, unless the peer is a trusted proxy, in which case the
 * `X-Forwarded-For` chain is walked from the right, skipping trusted proxies, and the first address that is not
 * one is the client. A client can prepend anything it likes to the header, so entries left of the first untrusted
 * one are never read. `https` follows the socket, or the last `X-Forwarded-Proto` entry when the peer is trusted.
 */
export function resolveClient(source: ClientSource): ResolvedClient {
  const trusted = trustTest(source.trustProxy);
  const peer = normalizeIp(source.peer);
  if (!trusted(peer)) return { ip: peer, https: source.encrypted, from: 'socket' };
  const chain = headerList(source.headers, 'x-forwarded-for');
  let ip = peer;
  while (trusted(ip) && chain.length > 0) ip = chain.pop() ?? ip;
  const proto = headerList(source.headers, 'x-forwarded-proto').pop();
  return { ip, https: proto === undefined ? source.encrypted : proto === 'https', from: 'proxy' };
}

/**
 * The client address a trusted proxy header names (see {@link TrustedProxyHeader}), normalised; '' when the
 * header is absent or has fewer entries than there are proxies (the request did not come through them).
 */
function addressFromHeader(headers: Pick<Headers, 'get'>, trusted: TrustedProxyHeader): string {
  const chain = headerList(headers, trusted.name);
  const proxies = trusted.proxies ?? 1;
  if (typeof proxies === 'number') return chain[chain.length - proxies] ?? '';
  const isProxy = trustTest(proxies);
  let ip = chain.pop() ?? '';
  while (isProxy(ip) && chain.length > 0) ip = chain.pop() ?? ip;
  return ip;
}

/**
 * The headers through which a client can name any address it likes, unless a proxy in front rewrites them: an
 * address the host read from one of these without saying it trusts it is refused (see the handler's
 * `trustedProxyHeader`).
 */
const forwardingHeaders = ['x-forwarded-for', 'x-real-ip'] as const;

/** The addresses of `Forwarded` (RFC 7239): each element's `for=`, unquoted, without a port. */
function forwardedFor(headers: Pick<Headers, 'get'>): string[] {
  const value = headers.get('forwarded');
  if (value === null) return [];
  return [...value.matchAll(/for\s*=\s*(?:"([^"]*)"|([^;,\s]*))/gi)].map((match) => {
    const address = (match[1] ?? match[2] ?? '').trim();
    // "[2001:db8::1]:4711" → the bracketed address; "192.0.2.60:4711" → the address.
    const bracketed = /^\[([^\]]*)\]/.exec(address);
    if (bracketed !== null) return normalizeIp(bracketed[1] ?? '');
    return normalizeIp(address.split(':').length === 2 ? (address.split(':')[0] ?? '') : address);
  });
}

/**
 * Whether `ip` (normalised) is one of the addresses the request's own forwarding headers name
 * (`X-Forwarded-For`, `X-Real-IP`, `Forwarded`): headers any client can write.
 */
function namedByForwardingHeader(headers: Pick<Headers, 'get'>, ip: string): boolean {
  if (ip === '') return false;
  return (
    forwardingHeaders.some((name) => headerList(headers, name).includes(ip)) ||
    forwardedFor(headers).includes(ip)
  );
}

/**
 * Why a request has no address: `missing`, the host passed none and trusts no proxy header; `forwarded`, the
 * host's address came from a forwarding header it did not say it trusts; `not_forwarded`, the trusted proxy
 * header is absent (or names fewer proxies than there are).
 */
export type AddressGap = 'missing' | 'forwarded' | 'not_forwarded';

/** A request's client address; '' with the reason when it cannot be told. */
export interface RequestAddress {
  readonly ip: string;
  readonly gap?: AddressGap | undefined;
}

/** What the host says of the client (the fetch handler's `ClientInfo`). */
interface HostClient {
  readonly ip: string;
  readonly from?: ClientAddressSource | undefined;
}

/** The address of a request (see the module notes). */
export function requestAddress(
  config: Pick<HandlerConfig, 'trustedProxyHeader'>,
  headers: HeaderReader,
  info: HostClient | undefined,
): RequestAddress {
  const given = normalizeIp(info?.ip ?? '');
  if (given !== '') {
    // An address the host did not say where it got, equal to one a forwarding header names: most likely read from
    // that header, which the client wrote (`X-Forwarded-For: 127.0.0.1` would pass any allow-list).
    if (info?.from === undefined && namedByForwardingHeader(headers, given))
      return { ip: '', gap: 'forwarded' };
    return { ip: given };
  }
  const trusted = config.trustedProxyHeader;
  if (trusted === undefined) return { ip: '', gap: 'missing' };
  const ip = addressFromHeader(headers, trusted);
  return ip === '' ? { ip, gap: 'not_forwarded' } : { ip };
}

/** The refusal of a request whose address cannot be told: 500 `client_address_unknown` in every compat mode. */
export function addressRefusal(
  config: Pick<HandlerConfig, 'texts' | 'trustedProxyHeader'>,
  gap: AddressGap,
): HttpError {
  const { texts } = config;
  const warning =
    gap === 'forwarded'
      ? texts.clientAddressForwarded
      : gap === 'not_forwarded'
        ? fillText(texts.clientAddressNotForwarded, { header: config.trustedProxyHeader?.name ?? '' })
        : texts.clientAddressUnknown;
  return { ...httpError('client_address_unknown', { warning }), opencartStatus: 500 };
}

/** What the server log says of each gap, once per handler (every request would repeat it). */
export function addressGapLog(config: Pick<HandlerConfig, 'trustedProxyHeader'>, gap: AddressGap): string {
  if (gap === 'forwarded') {
    return 'cartwright: the host passed a client address read from X-Forwarded-For, X-Real-IP or Forwarded, which any client can write; logins and sessions are refused until the handler is told which proxy header to trust (trustedProxyHeader)';
  }
  if (gap === 'not_forwarded') {
    return `cartwright: a request came without the trusted proxy header ${config.trustedProxyHeader?.name ?? ''} (the app is reachable without the proxy?); such requests are refused`;
  }
  return 'cartwright: the host passed no client address (ClientInfo.ip); logins and sessions are refused until it does';
}

/** What an IP check needs to know of the request and the handler. */
export interface AddressCheck {
  /** The client's address, normalised; '' when it cannot be told. */
  readonly ip: string;
  /** Why {@link ip} is ''. */
  readonly gap?: AddressGap | undefined;
  /** Usernames whose IP list is not checked. */
  readonly allowAnyIp: ReadonlySet<string>;
  /** Builds the refusal of a request without an address. */
  readonly refuse: (gap: AddressGap) => HttpError;
}

/** The address check of a request. */
export function addressCheckOf(
  config: Pick<HandlerConfig, 'texts' | 'trustedProxyHeader' | 'allowAnyIp'>,
  address: RequestAddress,
): AddressCheck {
  return {
    ip: address.ip,
    gap: address.gap,
    allowAnyIp: config.allowAnyIp,
    refuse: (gap) => addressRefusal(config, gap),
  };
}
