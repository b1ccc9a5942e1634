/**
 * Who is calling: the client address from the socket's peer address and, only when that peer is a proxy the
 * host trusts, the `X-Forwarded-For` / `X-Forwarded-Proto` headers; and, for hosts that have no peer address
 * (Next.js route handlers, serverless functions), from the one forwarding header the host names. Web-standard:
 * no Node import, so a host on any runtime can use it before it calls the fetch handler.
 * @module
 */

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
export function addressFromHeader(headers: Pick<Headers, 'get'>, trusted: TrustedProxyHeader): string {
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
export function namedByForwardingHeader(headers: Pick<Headers, 'get'>, ip: string): boolean {
  if (ip === '') return false;
  return (
    forwardingHeaders.some((name) => headerList(headers, name).includes(ip)) ||
    forwardedFor(headers).includes(ip)
  );
}
