/**
 * The mutable tree both builders (forms in `tree.ts`, JSON in `json.ts`) write into. Every object is created
 * without a prototype, so no key can reach `Object.prototype`; the finished tree is structurally a
 * `FormObject` and is returned as is, with no copy.
 * @module
 */
import type { FormScalar } from './types.js';

/** The mutable shape built internally; it is structurally a `FormObject`, so it is returned as is. */
export type Node = FormScalar | Obj | Node[];

/** A mutable, null-prototype object of the tree being built. */
export interface Obj {
  [key: string]: Node;
}

/** A fresh object with no prototype. */
export function newObj(): Obj {
  return Object.create(null) as Obj;
}

/** Whether `value` is an object of the tree (not `null`, not an array). */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
