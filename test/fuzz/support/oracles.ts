/**
 * The answer oracles, the same for every request: an answer came, it is not a 5xx, its status is one the
 * documentation allows at the stage the request stops, it is JSON with the documented headers and shape, its
 * error keys are documented field names, and the documented texts and headers are there.
 */
import type { Call } from './call.js';
import type { Expectation } from './model.js';
import { routeSpecs } from './routes.js';
import { errorProblems, successProblems } from './shapes.js';
import type { WireAnswer } from './wire.js';

/** One broken promise: which oracle, and what was seen. */
export interface Violation {
  readonly oracle:
    | 'answer'
    | '5xx'
    | 'status'
    | 'json'
    | 'shape'
    | 'error-key'
    | 'text'
    | 'header'
    | 'model'
    | 'logged';
  readonly detail: string;
}

const header = (answer: WireAnswer, name: string): string => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};

/** The problems with the headers every JSON answer carries, and the ones a 405, 429 or login carries. */
function headerProblems(answer: WireAnswer, expectation: Expectation): Violation[] {
  const problems: Violation[] = [];
  const type = header(answer, 'content-type');
  if (type !== 'application/json; charset=utf-8')
    problems.push({ oracle: 'header', detail: `Content-Type ${type}` });
  if (header(answer, 'cache-control') !== 'no-store') {
    problems.push({ oracle: 'header', detail: `Cache-Control ${header(answer, 'cache-control')}` });
  }
  if (answer.status === 405 && header(answer, 'allow') !== expectation.allow) {
    problems.push({
      oracle: 'header',
      detail: `Allow ${header(answer, 'allow')}, expected ${expectation.allow}`,
    });
  }
  if (answer.status === 429 && !/^\d+$/.test(header(answer, 'retry-after'))) {
    problems.push({ oracle: 'header', detail: `Retry-After ${header(answer, 'retry-after')}` });
  }
  return problems;
}

/** The problems of the body: JSON of the route's success shape, or the error shape with allowed keys. */
function bodyProblems(call: Call, answer: WireAnswer, expectation: Expectation): Violation[] {
  if (answer.json === undefined)
    return [{ oracle: 'json', detail: `not JSON: ${answer.text.slice(0, 200)}` }];
  const spec = routeSpecs[call.route];
  if (answer.status === 200) {
    return successProblems(spec.shape, answer.json).map((detail) => ({ oracle: 'shape', detail }));
  }
  const extras = call.route === 'confirm' && expectation.stage === 'operation';
  const problems: Violation[] = errorProblems(answer.json, extras).map((detail) => ({
    oracle: detail.startsWith('error key') ? 'error-key' : 'shape',
    detail,
  }));
  const error = (answer.json as { error?: Record<string, unknown> }).error ?? {};
  const absent = (expectation.errorKeys ?? []).filter((key) => !Object.hasOwn(error, key));
  if (absent.length > 0) problems.push({ oracle: 'text', detail: `error lacks ${absent.join(', ')}` });
  const warning = error.warning;
  if (expectation.warnings !== undefined && !expectation.warnings.includes(String(warning))) {
    problems.push({
      oracle: 'text',
      detail: `warning ${JSON.stringify(warning)}, expected ${expectation.warnings.join(' | ')}`,
    });
  }
  return problems;
}

/** Every oracle on one answer. */
export function answerViolations(call: Call, answer: WireAnswer, expectation: Expectation): Violation[] {
  if (answer.status === 0) return [{ oracle: 'answer', detail: `no answer: ${answer.failure ?? 'closed'}` }];
  const violations: Violation[] = [];
  if (answer.status >= 500)
    violations.push({ oracle: '5xx', detail: `${answer.status} ${answer.text.slice(0, 300)}` });
  if (!expectation.statuses.includes(answer.status)) {
    violations.push({
      oracle: 'status',
      detail: `${answer.status}, expected ${expectation.statuses.join(' or ')} (${expectation.stage}: ${expectation.why})`,
    });
  }
  violations.push(...headerProblems(answer, expectation));
  if (call.method !== 'HEAD') violations.push(...bodyProblems(call, answer, expectation));
  return violations;
}
