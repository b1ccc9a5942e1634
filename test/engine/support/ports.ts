/**
 * Port wrappers for engine tests: make one method fail on demand (rejecting, or throwing before any promise
 * exists), count calls, or hold calls at a barrier.
 */

/** The error a failing port answers with. */
export class PortDown extends Error {
  constructor(what: string) {
    super(`${what} is down`);
    this.name = 'PortDown';
  }
}

/** How a switched-on failure shows. */
export type FailureMode = 'reject' | 'throw';

/** A port whose method `method` fails while `control.failing` is true. */
export interface Failable<T> {
  readonly port: T;
  readonly control: { failing: boolean; readonly error: PortDown };
}

type AnyMethod = (...args: unknown[]) => unknown;

/** Calls `target[method]` as the port's own method. */
function callThrough<T extends object>(target: T, method: keyof T, args: unknown[]): unknown {
  return (target[method] as unknown as AnyMethod).apply(target, args);
}

/** `target` with `method` failing on demand: a rejected promise, or a synchronous throw. */
export function failable<T extends object>(target: T, method: keyof T, mode: FailureMode): Failable<T> {
  const control = { failing: false, error: new PortDown(String(method)) };
  const wrapped = (...args: unknown[]) => {
    if (!control.failing) return callThrough(target, method, args);
    if (mode === 'throw') throw control.error;
    return Promise.reject(control.error);
  };
  return { port: { ...target, [method]: wrapped }, control };
}

/** `target` with the calls to `method` recorded (their arguments), passing through. */
export function counting<T extends object>(target: T, method: keyof T) {
  const calls: unknown[][] = [];
  const wrapped = (...args: unknown[]) => {
    calls.push(args);
    return callThrough(target, method, args);
  };
  return { port: { ...target, [method]: wrapped } as T, calls };
}

/**
 * `target` whose `method` answers only once `parties` calls are waiting, while `control.armed` is true: the
 * calls of racing requests all see the state from before any of them went on.
 */
export function barrier<T extends object>(target: T, method: keyof T, parties: number) {
  const control = { armed: false };
  let waiting: (() => void)[] = [];
  const wrapped = async (...args: unknown[]) => {
    const answer = await callThrough(target, method, args);
    if (control.armed) {
      await new Promise<void>((release) => {
        waiting.push(release);
        if (waiting.length >= parties) {
          // One batch only: calls after it (a retry reloading the session) go straight through.
          control.armed = false;
          for (const go of waiting) go();
          waiting = [];
        }
      });
    }
    return answer;
  };
  return { port: { ...target, [method]: wrapped } as T, control };
}
