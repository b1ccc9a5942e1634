/**
 * How the client reaches each operation: its engine method (the client's method name), its HTTP method and its
 * first address. Derived from the operation descriptors by `scripts/generate-api.ts` and checked against them by
 * the tests, so the client need not load the descriptors (and the engine's rules with them) to know its routes.
 * @module
 */
import type { Operation } from '../operations/index.js';

/** Where the client sends one operation. */
export interface ClientRoute<Method extends string = string> {
  /** The engine method, which names the client's method. */
  readonly method: Method;
  /** The HTTP method. */
  readonly http: 'GET' | 'POST';
  readonly route: string;
  readonly call?: string;
  readonly code?: string;
}

/** The route of each operation with one, by operation name; its engine method is the descriptor's. */
export type ClientRouteTable = {
  readonly [N in Operation['name']]?: ClientRoute<Extract<Operation, { readonly name: N }>['method']>;
};
