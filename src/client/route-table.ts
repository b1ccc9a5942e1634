/**
 * How the client reaches each operation: its engine method (the client's method name), its HTTP method, its
 * first address and the kind of answer it gives (whose wire schema the client checks every answer against).
 * Derived from the operation descriptors by `scripts/generate-api.ts` and checked against them by the types
 * below and the tests, so the client need not load the descriptors (and the engine's rules with them).
 * @module
 */
import type { AnswerKind } from '../operations/answers.js';
import type { Operation } from '../operations/index.js';

/** Where the client sends one operation, and what it answers. */
export interface ClientRoute<Method extends string = string, Answer extends AnswerKind = AnswerKind> {
  /** The engine method, which names the client's method. */
  readonly method: Method;
  /** The HTTP method. */
  readonly http: 'GET' | 'POST';
  readonly route: string;
  readonly call?: string;
  readonly code?: string;
  /** The operation's kind of answer: a success is checked against its wire schema. */
  readonly answer: Answer;
}

/** The route of each operation with one, by operation name; its engine method and answer are the descriptor's. */
export type ClientRouteTable = {
  readonly [N in Operation['name']]?: ClientRoute<
    Extract<Operation, { readonly name: N }>['method'],
    Extract<Operation, { readonly name: N }>['answer']
  >;
};
