/**
 * Running one sequence of steps against a world: a login opens the run's first session, then each call is
 * encoded for the model's sessions, sent, checked by every oracle and by the model, and each wait moves the
 * clock. The first violation that is not a known defect ends the run with a {@link FuzzFailure} that carries
 * the whole run as a curl script.
 */
import type { Agent } from 'node:http';
import { type Call, isWait, type Step } from './call.js';
import type { Catalog } from './catalog.js';
import { type Sent, scriptOf, type Variable } from './curl.js';
import { encode } from './encode.js';
import { knownDefectOf } from './known-defects.js';
import { createModel, expectationOf, type Model, sessionAt } from './model.js';
import { holdsUnstorable, modelViolations, type Snapshot } from './model-check.js';
import { answerViolations, type Violation } from './oracles.js';
import { countAnswer, type Stats } from './stats.js';
import { type Leaf, Ref, resolveRefs } from './tree.js';
import { readStored } from './view.js';
import { send } from './wire.js';
import type { FuzzWorld } from './world.js';

/** What a run needs. */
export interface RunContext {
  readonly world: FuzzWorld;
  readonly agent: Agent;
  readonly catalog: Catalog;
  readonly stats: Stats;
}

/** A run that broke a promise: the violations, and the run so far as a curl script. */
export class FuzzFailure extends Error {
  constructor(
    readonly violations: readonly Violation[],
    readonly script: string,
  ) {
    super(
      `${violations.map((v) => `[${v.oracle}] ${v.detail}`).join('\n')}\n\nThe run as curl commands:\n${script}`,
    );
    this.name = 'FuzzFailure';
  }
}

/** Near misses of the API key, by index (0 is the key itself). */
const keyBends: readonly ((key: string) => string)[] = [
  (key) => key,
  (key) => `${key}\u0000`,
  (key) => `${key}\u0000\u0000\u0000`,
  (key) => key.slice(0, -1),
  (key) => key.toUpperCase(),
  (key) => ` ${key}`,
  (key) => `${key} `,
  (key) => `${key}\n`,
];

/** What a reference stands for in the model's state. */
function resolveRef(model: Model, ref: Ref, session: ReturnType<typeof sessionAt>): Leaf {
  if (ref.kind === 'key') return (keyBends[ref.index % keyBends.length] ?? keyBends[0])?.(model.apiKey) ?? '';
  if (ref.kind === 'order')
    return model.orders.length === 0 ? 1 : (model.orders[ref.index % model.orders.length] ?? 1);
  const lines = session?.view.cart ?? [];
  return lines.length === 0 ? 'no-such-line' : (lines[ref.index % lines.length]?.cartId ?? 'no-such-line');
}

/** The state a run carries: the model, and the transcript for the script. */
interface Run {
  readonly model: Model;
  readonly sent: (Sent | string)[];
}

function variablesOf(run: Run): Variable[] {
  return [
    { text: run.model.apiKey, name: 'KEY' },
    ...run.model.sessions.map((session, i) => ({ text: session.token, name: `S${i + 1}` })),
  ];
}

/** Sends one call and checks it; answers the violations that are not known defects. */
async function exchange(ctx: RunContext, run: Run, call: Call): Promise<Violation[]> {
  const { world, stats } = ctx;
  const { model } = run;
  const own = sessionAt(model, call.auth.session);
  const other = sessionAt(model, call.auth.session + 1);
  const params = resolveRefs(call.params, (ref) => resolveRef(model, ref, own));
  const encoded = encode(call, params as typeof call.params, { own: own?.token, other: other?.token });
  const expectation = expectationOf(model, call, encoded);
  const watched = expectation.session ?? expectation.bystander ?? own;
  const read = async (): Promise<Snapshot> =>
    watched === undefined ? undefined : readStored(world.sessions, watched.token);
  const before = await read();
  const logged = world.unexpected.length;
  const answer = await send(world.port, encoded.wire, ctx.agent);
  countAnswer(stats, answer.status);
  const opensSession = call.route === 'login' && answer.status === 200;
  const opened = (answer.json as { api_token?: unknown } | undefined)?.api_token;
  // A login's session is the new one: read it by the id the answer gives.
  const after =
    opensSession && typeof opened === 'string' ? await readStored(world.sessions, opened) : await read();
  run.sent.push({
    ...encoded.wire,
    status: answer.status,
    captures: opensSession ? `S${model.sessions.length + 1}` : undefined,
  });
  const violations = [
    ...answerViolations(call, answer, expectation),
    ...modelViolations(model, call, encoded, expectation, answer, before, after),
    ...world.unexpected
      .slice(logged)
      .map((line): Violation => ({ oracle: 'logged', detail: `the server logged: ${line.slice(0, 600)}` })),
  ];
  if (expectation.stage === 'operation' && answer.status !== 200) stats.refusedChecks += 1;
  else if (expectation.stage === 'operation') {
    stats.acceptedChecks += 1;
    stats.accepted.set(call.route, (stats.accepted.get(call.route) ?? 0) + 1);
  } else if (before !== undefined) stats.refusedChecks += 1;
  const judged = {
    call,
    encoded,
    status: answer.status,
    apiKey: model.apiKey,
    sessionHoldsUnstorableText: holdsUnstorable(expectation.session),
  };
  return violations.filter((violation) => {
    const known = knownDefectOf(judged, violation);
    if (known !== undefined)
      stats.knownDefects.set(known.name, (stats.knownDefects.get(known.name) ?? 0) + 1);
    return known === undefined;
  });
}

/** The login every run starts with. */
export const firstLogin: Call = {
  route: 'login',
  spelling: 0,
  method: 'POST',
  params: { username: 'demo', key: new Ref('key', 0) },
  encoding: 'form',
  form: { keys: 'brackets', lists: 'push', decoys: false, plus: false },
  json: { dots: false, decoys: false },
  body: 'none',
  query: 'none',
  variant: 0,
  auth: { via: 'none', session: 0, variant: 0 },
  headers: {},
};

/** Runs `steps` after a fresh login on a world whose throttle was just emptied; throws a {@link FuzzFailure}. */
export async function runSteps(ctx: RunContext, steps: readonly Step[], first: Call): Promise<void> {
  ctx.world.resetThrottle();
  ctx.stats.runs += 1;
  const run: Run = {
    model: createModel(ctx.catalog, ctx.world.apiKey, ctx.world.clock.now().getTime()),
    sent: [],
  };
  for (const step of [first, ...steps]) {
    if (isWait(step)) {
      ctx.world.clock.advanceSeconds(step.wait);
      run.model.nowMs = ctx.world.clock.now().getTime();
      run.sent.push(`the clock moves on ${step.wait} s`);
      continue;
    }
    const violations = await exchange(ctx, run, step);
    if (violations.length > 0) {
      ctx.stats.failedRuns += 1;
      throw new FuzzFailure(violations, scriptOf(run.sent, variablesOf(run)));
    }
  }
}
