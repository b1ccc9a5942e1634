/**
 * What the client holds an answer to before it hands it on: the wire schema of the operation's kind of answer
 * for a success, the error schema for a failure. A client pointed at the wrong address (another JSON API, a
 * host's own `{"error": "host 404"}`, a server of another version) then gets an `unexpected` error value, never a
 * success of the wrong shape.
 * @module
 */
import type { z } from 'zod';
import { loginWire, logoutWire } from '../http/wire/account.js';
import { answerWires } from '../http/wire/answers.js';
import { confirmFailureWire, errorWire } from '../http/wire/errors.js';
import type { AnswerKind } from '../operations/answers.js';

/** The problems of a body against what was expected, each as `path: message`; empty when it fits. */
export type AnswerProblems = (body: unknown) => readonly string[];

/** How one route's answers are checked. */
export interface AnswerCheck {
  /** A success answer. */
  readonly success: AnswerProblems;
  /** An error answer (`{ "error": { <key>: <text> } }`). */
  readonly failure: AnswerProblems;
}

/** At most this many problems are listed in an `unexpected` error. */
const shownProblems = 5;

/** The problems of a body against `schema`, `(answer)` standing for the whole body. */
function problemsAgainst(schema: z.ZodType): AnswerProblems {
  return (body) => {
    const checked = schema.safeParse(body);
    if (checked.success) return [];
    return checked.error.issues
      .slice(0, shownProblems)
      .map((issue) => `${issue.path.length === 0 ? '(answer)' : issue.path.join('.')}: ${issue.message}`);
  };
}

const errorProblems = problemsAgainst(errorWire);
const confirmFailureProblems = problemsAgainst(confirmFailureWire);

/** A refused confirm: with the cart it could not buy when the body has one, else a plain error. */
const confirmErrorProblems: AnswerProblems = (body) =>
  typeof body === 'object' && body !== null && 'products' in body
    ? confirmFailureProblems(body)
    : errorProblems(body);

/** The checks of each kind of answer, made once. */
const checks = Object.fromEntries(
  (Object.keys(answerWires) as AnswerKind[]).map((kind) => [
    kind,
    {
      success: problemsAgainst(answerWires[kind]),
      failure: kind === 'confirm' ? confirmErrorProblems : errorProblems,
    },
  ]),
) as Readonly<Record<AnswerKind, AnswerCheck>>;

/** The check of an operation's answers, by its kind of answer. */
export function answerCheckOf(answer: AnswerKind): AnswerCheck {
  return checks[answer];
}

/** The check of a login's answers: a session id in `api_token`. */
export const loginCheck: AnswerCheck = { success: problemsAgainst(loginWire), failure: errorProblems };

/** The check of a logout's answers. */
export const logoutCheck: AnswerCheck = { success: problemsAgainst(logoutWire), failure: errorProblems };
