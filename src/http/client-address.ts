/**
 * The client address a request's IP check uses: the one the host passed (`info.ip`), unless the host read it
 * from a forwarding header any client can write without saying it trusts it; or, when the host passed none, what
 * the handler's trusted proxy header names. When no address can be told, the login and the session routes are
 * refused (500: the host's wiring is at fault, no client can change it), except for API users whose IP list is
 * off (`allowAnyIp`).
 * @module
 */
import {
  addressFromHeader,
  type ClientAddressSource,
  namedByForwardingHeader,
  normalizeIp,
} from './client-ip.js';
import type { HeaderReader } from './exchange.js';
import { type HttpError, httpError } from './http-error.js';
import type { HandlerConfig } from './options.js';
import { fillText } from './texts.js';

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
