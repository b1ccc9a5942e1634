/**
 * Who is calling: the client address from the socket's peer address and, only when that peer is a proxy the
 * host trusts, the `X-Forwarded-For` / `X-Forwarded-Proto` headers. Web-standard: no Node import,
 * so a host on any runtime can use it before it calls the fetch handler.
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

/** The client as the handler sees it. */
export interface ResolvedClient {
  /** The client's address, normalised (see {@link normalizeIp}). */
  readonly ip: string;
  /** Whether the client reached the server over HTTPS (the socket, or a trusted proxy's `X-Forwarded-Proto`). */
  readonly https: boolean;
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
  if (!trusted(peer)) return { ip: peer, https: source.encrypted };
  const chain = headerList(source.headers, 'x-forwarded-for');
  let ip = peer;
  while (trusted(ip) && chain.length > 0) ip = chain.pop() ?? ip;
  const proto = headerList(source.headers, 'x-forwarded-proto').pop();
  return { ip, https: proto === undefined ? source.encrypted : proto === 'https' };
}
