/**
 * Makes a class stand in for a Web class (`Request`, `Response`) that it builds only on demand: its instances
 * pass `instanceof` for the Web class, and every member of the Web class they do not define themselves is the
 * built object's (getters read it, methods call it), so a reader cannot tell the difference.
 * @module
 */

/**
 * Gives `prototype` every member of `web` it does not have, each reading or calling `realOf(this)`, and makes it
 * inherit from `web`.
 * @param prototype - the stand-in's prototype
 * @param web - the Web class's prototype (`Request.prototype`)
 * @param realOf - the Web object an instance stands for, built on first need
 */
export function standIn(prototype: object, web: object, realOf: (self: unknown) => object): void {
  for (const name of Object.getOwnPropertyNames(web)) {
    const member = Object.getOwnPropertyDescriptor(web, name);
    if (name === 'constructor' || Object.hasOwn(prototype, name) || member === undefined) continue;
    const real = (self: unknown) => realOf(self) as Record<string, unknown>;
    if (typeof member.value === 'function') {
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          const target = real(this);
          return (target[name] as (...values: unknown[]) => unknown).apply(target, args);
        },
      });
    } else if (member.get !== undefined) {
      Object.defineProperty(prototype, name, {
        configurable: true,
        get(this: unknown) {
          return real(this)[name];
        },
      });
    }
  }
  Object.setPrototypeOf(prototype, web);
}
