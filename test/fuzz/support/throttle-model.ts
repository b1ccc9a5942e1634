/**
 * The login throttle as the documentation describes it: failed logins count per username and address and per
 * address, within a sliding window; a throttled client is refused before its key is looked at; a successful
 * login clears its username's count from that address, not the address's.
 */
import { throttle } from './world.js';

/** The failures the model has seen, by username (all from one address), in milliseconds of the world's clock. */
export interface ThrottleModel {
  readonly byUser: Map<string, number[]>;
  byIp: number[];
}

export function createThrottleModel(): ThrottleModel {
  return { byUser: new Map(), byIp: [] };
}

const recent = (times: readonly number[], nowMs: number) =>
  times.filter((time) => time > nowMs - throttle.windowSeconds * 1000);

/** Whether a login for `username` is refused now without a look at its key. */
export function isThrottled(model: ThrottleModel, username: string, nowMs: number): boolean {
  return (
    recent(model.byUser.get(username) ?? [], nowMs).length >= throttle.maxFailures ||
    recent(model.byIp, nowMs).length >= throttle.maxFailuresPerIp
  );
}

/** Counts a failed login. */
export function recordFailure(model: ThrottleModel, username: string, nowMs: number): void {
  model.byUser.set(username, [...(model.byUser.get(username) ?? []), nowMs]);
  model.byIp.push(nowMs);
}

/** Forgets the failures of a username after it logged in. */
export function recordSuccess(model: ThrottleModel, username: string): void {
  model.byUser.delete(username);
}

/** The username a login counts under: the posted text when it is one of at most 256 units, else `''`. */
export function loginName(value: unknown): string {
  return typeof value === 'string' && value.length <= 256 ? value : '';
}
