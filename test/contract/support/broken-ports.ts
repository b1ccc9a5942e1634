/**
 * Defects any port can have, made by wrapping a correct one: records shared with the store, failures answered as
 * if nothing were stored, failures thrown instead of rejected. And a port over a failed store, which rejects.
 */

/** A port whose every method rejects with an `Error`, as one over a stopped store does. */
export function failingPort<P extends object>(): P {
  return new Proxy({} as P, {
    get: (_target, name) =>
      name === 'then' ? undefined : () => Promise.reject(new Error(`the store is down (${String(name)})`)),
  });
}

/** Each method of `port` passed through `wrap`. */
function wrapMethods<P extends object>(
  port: P,
  wrap: (name: string, method: (...args: unknown[]) => Promise<unknown>) => (...args: unknown[]) => unknown,
): P {
  return new Proxy(port, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return wrap(String(name), (...args) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
      );
    },
  });
}

/** `port`, but a failure answers `undefined` as if nothing were stored. */
export function swallowingFailures<P extends object>(port: P): P {
  return wrapMethods(
    port,
    (_name, method) =>
      (...args) =>
        method(...args).catch(() => undefined),
  );
}

/** `port`, but a failure is thrown before any promise exists. */
export function throwingSynchronously<P extends object>(): P {
  return new Proxy({} as P, {
    get: (_target, name) =>
      name === 'then'
        ? undefined
        : () => {
            throw new Error(`the store is down (${String(name)})`);
          },
  });
}

/**
 * `port`, but it hands out the same mutable copy of an answer every time it is asked the same thing, as a store
 * that keeps its records in plain objects and hands them out would: a caller's change is read back.
 */
export function leakingRecords<P extends object>(port: P): P {
  const kept = new Map<string, unknown>();
  return wrapMethods(port, (name, method) => async (...args) => {
    const key = `${name}:${JSON.stringify(args)}`;
    if (!kept.has(key)) kept.set(key, structuredClone(await method(...args)));
    return kept.get(key);
  });
}
