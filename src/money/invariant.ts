/**
 * The one error cartwright throws: a programmer bug (an impossible state, mixed currencies in arithmetic, a
 * malformed amount from trusted code), never bad input. It lives here, in the leaf every other layer may import,
 * so that money needs nothing of ours and the domain, the engine and the HTTP layer all throw the same class.
 * @module
 */

const invariantBrand = Symbol.for('cartwright.invariant');

/**
 * Thrown for programmer bugs only: an impossible state, mixed currencies in arithmetic, a malformed amount that
 * came from trusted code. Never thrown for bad input. The HTTP layer answers 500 and leaves the session untouched.
 */
export class CartwrightInvariantError extends Error {
  /** Recognises the error across duplicate copies of the package, where `instanceof` fails. */
  readonly [invariantBrand] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(`[cartwright] ${message}`, options);
    this.name = 'CartwrightInvariantError';
  }

  /** True for a {@link CartwrightInvariantError} from any copy of cartwright. */
  static is(value: unknown): value is CartwrightInvariantError {
    return typeof value === 'object' && value !== null && invariantBrand in value;
  }
}

/**
 * Throws a {@link CartwrightInvariantError} unless `condition` holds. A message that has to be put together
 * (`() => \`got ${value}\``) is a function, so the success path, which is every call but a bug's, builds no text.
 */
export function invariant(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new CartwrightInvariantError(typeof message === 'function' ? message() : message);
}
