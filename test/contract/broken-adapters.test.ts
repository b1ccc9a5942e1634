/**
 * Proves the contract suites can fail: each runs against a small correct reference adapter (every case passes)
 * and against copies with one defect switched on (exactly the cases that check that point fail, with an
 * assertion error rather than a crash).
 */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  describeLoginThrottleContract,
  describeOrderRepositoryContract,
  describeSessionStoreContract,
} from '../../src/testing/index.js';
import { type CaseResult, captureCases, failedNames, runCases } from './support/capture.js';
import {
  createReferenceLoginThrottle,
  type LoginThrottleDefects,
} from './support/reference-login-throttle.js';
import {
  createReferenceOrderFixture,
  type OrderRepositoryDefects,
} from './support/reference-order-repository.js';
import { createReferenceSessionStore, type SessionStoreDefects } from './support/reference-session-store.js';

async function runSessionSuite(defects: SessionStoreDefects): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describeSessionStoreContract(t, 'reference', async () => {
      const clock = createManualClock('2024-05-01T10:00:00Z');
      return { store: createReferenceSessionStore(clock, defects), clock };
    }),
  );
  return runCases(cases);
}

async function runOrderSuite(defects: OrderRepositoryDefects): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describeOrderRepositoryContract(t, 'reference', async () => createReferenceOrderFixture(defects)),
  );
  return runCases(cases);
}

async function runThrottleSuite(defects: LoginThrottleDefects): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describeLoginThrottleContract(t, 'reference', async (limits) => {
      const clock = createManualClock('2024-05-01T10:00:00Z');
      return { throttle: createReferenceLoginThrottle(clock, limits, defects), clock };
    }),
  );
  return runCases(cases);
}

/** Asserts that exactly `expected` failed, each with an assertion (a crash would prove nothing). */
function expectFailures(results: readonly CaseResult[], expected: readonly string[]): void {
  const names = new Set(results.map((result) => result.name));
  for (const name of expected) expect(names, `no case is named "${name}"`).toContain(name);
  expect(failedNames(results)).toEqual([...expected].sort());
  for (const result of results) {
    if (result.error !== undefined) expect(result.error, result.name).toBeInstanceOf(AssertionError);
  }
}

describe('the session-store contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeSessionStoreContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(16);
    for (const c of cases) expect(c.path).toEqual(['SessionStore contract: x']);
  });

  it('passes a correct store', async () => {
    expectFailures(await runSessionSuite({}), []);
  });

  it('catches a save that ignores expectedVersion', async () => {
    expectFailures(await runSessionSuite({ ignoreExpectedVersion: true }), [
      'save over a stale version is a conflict and writes nothing',
      'save with expectedVersion 0 over an existing session is a conflict and writes nothing',
      'save with a non-zero expectedVersion when nothing is stored is a conflict',
      'of 50 concurrent saves over the same version exactly one is saved, and it is stored',
      '200 concurrent read-modify-write loops that retry on conflict lose no write',
    ]);
  });

  it('catches a get that answers found for an expired session', async () => {
    expectFailures(await runSessionSuite({ foundWhenExpired: true }), [
      'a session is found until expiresAt and expired from expiresAt on (never found)',
      'expiry is judged by the fixture clock, not the system clock',
      'touch moves expiry forward without changing the version',
      'touch with an earlier expiresAt leaves the expiry as it was (expiry never moves back)',
      'touch does not revive an expired session',
      'sessions are isolated by id',
    ]);
  });

  it('catches a touch that moves the expiry earlier', async () => {
    expectFailures(await runSessionSuite({ touchMovesBack: true }), [
      'touch with an earlier expiresAt leaves the expiry as it was (expiry never moves back)',
    ]);
  });
});

describe('the order-repository contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeOrderRepositoryContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(33);
    for (const c of cases) expect(c.path).toEqual(['OrderRepository contract: x']);
  });

  it('passes a correct repository', async () => {
    expectFailures(await runOrderSuite({}), []);
  });

  it('catches stock moves applied one by one (the first stays applied when the second is refused)', async () => {
    expectFailures(await runOrderSuite({ stockMovesOneByOne: true }), [
      'a create whose second guarded move would go below zero writes nothing',
      'an addHistory or update whose second guarded move would go below zero writes nothing',
      'an update gives the old lines back and takes the new ones in one write, in the order given',
    ]);
  });

  it('catches a repository that ignores the idempotency claim', async () => {
    expectFailures(await runOrderSuite({ ignoreIdempotency: true }), [
      'the same claim with the same fingerprint replays the order and writes nothing',
      'the same key with another fingerprint is an idempotency_conflict and writes nothing',
      'of 50 concurrent creates with one claim exactly one is created and the rest replay it',
      'a create records every claim it carries: a later create with any one of them replays',
      'the first used claim decides: another fingerprint under it is a conflict',
      'of 40 concurrent creates sharing one claim, each with its own other claim, exactly one writes',
      'an update with a claim records it: the same claim replays, another fingerprint conflicts',
      'claim records a key for an existing order: a create with it replays that order, another fingerprint conflicts',
      'claim of a key already used answers it: replayed with the order it names, or a conflict',
    ]);
  });

  it('catches a check-then-act stock write that oversells under concurrency', async () => {
    expectFailures(await runOrderSuite({ checkThenActStock: true }), [
      'of 30 concurrent creates each taking 1 of the last 7 units exactly 7 are created and stock ends at 0',
    ]);
  });

  it("catches a release that drops every order's redemptions", async () => {
    expectFailures(await runOrderSuite({ releaseEveryOrder: true }), [
      "release gives back only the releasing order's uses, wherever they were recorded",
    ]);
  });
});

describe('the login-throttle contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describeLoginThrottleContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(10);
    for (const c of cases) expect(c.path).toEqual(['LoginThrottle contract: x']);
  });

  it('passes a correct throttle', async () => {
    expectFailures(await runThrottleSuite({}), []);
  });

  it('catches a reset that also clears the address count', async () => {
    expectFailures(await runThrottleSuite({ resetClearsAddress: true }), [
      'reset clears the username at the address, never the address count',
    ]);
  });

  it("catches counters keyed by joining address and username with ':'", async () => {
    expectFailures(await runThrottleSuite({ joinedKeys: true }), [
      'usernames and addresses are kept apart, whatever characters they hold',
    ]);
  });

  it('catches a read-then-write count that loses concurrent failures', async () => {
    expectFailures(await runThrottleSuite({ readThenWrite: true }), [
      'every one of many concurrent failures is counted',
    ]);
  });

  it('catches a retryAfterSeconds rounded down', async () => {
    expectFailures(await runThrottleSuite({ roundsDown: true }), [
      'retryAfterSeconds rounds up and is never below one',
    ]);
  });
});
