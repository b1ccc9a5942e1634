/**
 * What a handler tells its logger besides a request's own failure: a failed port, each reason a client address
 * could not be told (once per handler: every request would repeat it), and, when it is made, the API users whose
 * IP list it does not check.
 * @module
 */
import { type AddressGap, addressGapLog } from './client-address.js';
import type { HttpError } from './http-error.js';
import type { HandlerConfig } from './options.js';
import type { RouteClient } from './route.js';

/**
 * Logs a failed port, and each reason a client address could not be told once per handler (every request would
 * repeat it).
 */
export function createErrorLog(config: HandlerConfig): (error: HttpError, client: RouteClient) => void {
  const logged = new Set<AddressGap>();
  return (error, client) => {
    if (error.kind === 'unavailable')
      config.logger.error(`cartwright: port ${error.port} failed`, error.cause);
    const gap = client.gap ?? 'missing';
    if (error.kind !== 'client_address_unknown' || logged.has(gap)) return;
    logged.add(gap);
    config.logger.error(addressGapLog(config, gap), new Error(error.fields.warning));
  };
}

/** Warns, once, of the API users whose IP list the handler does not check. */
export function warnAnyIp(config: HandlerConfig): void {
  if (config.allowAnyIp.size === 0) return;
  const names = [...config.allowAnyIp].map((name) => JSON.stringify(name)).join(', ');
  const message = `cartwright: WARNING: the IP allow-list is OFF for API user(s) ${names} (allowAnyIp): anyone holding their key can log in and use their sessions from any address`;
  if (config.logger.warn === undefined) config.logger.error(message, new Error(message));
  else config.logger.warn(message);
}
