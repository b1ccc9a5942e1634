/**
 * Proves the payment-provider contract suite can fail: it runs against the test card provider (every case passes)
 * and against copies with one defect switched on, each a mistake card integrations have made (a retry that
 * authorizes or refunds twice, an amount rounded, a webhook trusted without its signature, a timeout read as a
 * refusal…): exactly the cases that check that point fail, with an assertion error rather than a crash.
 */
import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { money } from '../../src/money/index.js';
import type { PaymentProvider, ProviderAnswer } from '../../src/ports/payment-provider.js';
import {
  createManualClock,
  createTestCardProvider,
  describePaymentProviderContract,
  testCardTokens,
} from '../../src/testing/index.js';
import { type CaseResult, captureCases, failedNames, runCases } from './support/capture.js';
import { CHALLENGE_URL, SECRET, testCardFixture } from './support/test-card-fixture.js';

type ProviderDefect =
  | 'authorizesTwice'
  | 'ignoresCaptureKeys'
  | 'capturesPastAuthorized'
  | 'forgetsCaptures'
  | 'voidKeepsCapturable'
  | 'refundKeyWithoutNumber'
  | 'roundsAmounts'
  | 'declinesAsRefusal'
  | 'challengeAuthorizesAtOnce'
  | 'acceptsAnySignature'
  | 'acceptsOldSignatures'
  | 'refusesWhenUnreachable';

/** `provider` with `defect` switched on. */
function broken(provider: PaymentProvider, defect: ProviderDefect): PaymentProvider {
  let calls = 0;
  const refunds = new Map<string, ProviderAnswer>();
  switch (defect) {
    case 'authorizesTwice':
      return {
        ...provider,
        authorize: (r) => provider.authorize({ ...r, idempotencyKey: `${r.idempotencyKey}/${++calls}` }),
      };
    case 'ignoresCaptureKeys':
      return {
        ...provider,
        capture: (r) => provider.capture({ ...r, idempotencyKey: `${r.idempotencyKey}/${++calls}` }),
      };
    case 'capturesPastAuthorized':
      return {
        ...provider,
        capture: (r) =>
          provider.capture({
            ...r,
            amount: Number(r.amount.amount) > Number(r.payment.amount.amount) ? r.payment.amount : r.amount,
          }),
      };
    case 'forgetsCaptures':
      return {
        ...provider,
        retrieve: async (r) => {
          const answer = await provider.retrieve(r);
          return answer.outcome === 'done' && answer.payment.status === 'captured'
            ? {
                outcome: 'done',
                payment: {
                  ...answer.payment,
                  status: 'authorized',
                  captured: money('0', answer.payment.amount.currency),
                },
              }
            : answer;
        },
      };
    case 'voidKeepsCapturable':
      return {
        ...provider,
        void: async (r) => ({ outcome: 'done', payment: { ...r.payment, status: 'voided' } }),
      };
    case 'refundKeyWithoutNumber':
      return {
        ...provider,
        refund: async (r) => {
          const known = refunds.get(r.amount.amount);
          if (known !== undefined) return known;
          const answer = await provider.refund(r);
          refunds.set(r.amount.amount, answer);
          return answer;
        },
      };
    case 'roundsAmounts':
      return {
        ...provider,
        authorize: (r) =>
          provider.authorize({ ...r, amount: money(Number(r.amount.amount).toFixed(0), r.amount.currency) }),
      };
    case 'declinesAsRefusal':
      return {
        ...provider,
        authorize: async (r) =>
          r.token === testCardTokens.decline
            ? { outcome: 'refused', code: 'invalid', reason: 'declined' }
            : provider.authorize(r),
      };
    case 'challengeAuthorizesAtOnce':
      return {
        ...provider,
        authorize: (r) =>
          provider.authorize(
            r.token === testCardTokens.challenge ? { ...r, token: testCardTokens.success } : r,
          ),
      };
    case 'acceptsAnySignature':
      return {
        ...provider,
        verifyWebhook: async (request) => {
          const event = JSON.parse(await request.text()) as {
            id: string;
            type: string;
            data: { reference: string };
          };
          return {
            verified: true,
            event: { id: event.id, type: event.type, reference: event.data.reference, orderId: null },
          };
        },
      };
    case 'acceptsOldSignatures':
      return provider;
    case 'refusesWhenUnreachable':
      return provider;
  }
}

async function run(defect?: ProviderDefect): Promise<CaseResult[]> {
  const cases = captureCases((t) =>
    describePaymentProviderContract(t, 'reference', async () => {
      const clock = createManualClock('2024-05-01T10:00:00Z');
      const toleranceSeconds = defect === 'acceptsOldSignatures' ? 86_400 : 300;
      const provider = createTestCardProvider({
        webhookSecret: SECRET,
        challengeUrl: CHALLENGE_URL,
        clock,
        toleranceSeconds,
      });
      const fixture = testCardFixture(provider, 'USD', '19.995', clock);
      const unreachable: PaymentProvider =
        defect === 'refusesWhenUnreachable'
          ? {
              ...provider,
              authorize: async () => ({ outcome: 'refused', code: 'invalid', reason: 'timed out' }),
            }
          : { ...provider, authorize: async () => ({ outcome: 'unknown', reason: 'timed out' }) };
      return {
        ...fixture,
        provider: defect === undefined ? provider : broken(provider, defect),
        unreachable: async () => unreachable,
        deadlineMs: 2_000,
      };
    }),
  );
  return runCases(cases);
}

/** Asserts that exactly `expected` failed, each with an assertion. */
function expectFailures(results: readonly CaseResult[], expected: readonly string[]): void {
  const names = new Set(results.map((result) => result.name));
  for (const name of expected) expect(names, `no case is named "${name}"`).toContain(name);
  expect(failedNames(results)).toEqual([...expected].sort());
  for (const result of results) {
    if (result.error !== undefined) expect(result.error, result.name).toBeInstanceOf(AssertionError);
  }
}

const CASES = {
  replay: 'authorize retried with the same key and request is the same payment, authorized once',
  inexact: 'an amount it cannot take exactly is refused with code amount, never rounded',
  decline: 'a declined token answers a failed payment with the provider’s reason',
  challenge: 'a challenge: requires_action with a redirect; passed it is authorized, failed it is failed',
  capture: 'capture takes the whole authorized amount once, however often it is retried',
  partial: 'capture of part takes that part',
  tooMuch: 'capture of more than is authorized is refused with code amount, and nothing is taken',
  voided: 'void releases an authorized payment; a capture afterwards is refused with code state',
  refunds: 'refunds: each number once, however often retried; the same amount twice is two refunds',
  refundTooMuch: 'a refund of more than is left is refused with code amount',
  tampered: 'a webhook with a changed body, a wrong secret, an old signature or none is refused',
  unreachable: 'a gateway that does not answer gives an unknown outcome, never a refusal, in time',
} as const;

describe('the payment-provider contract suite', () => {
  it('registers its cases under one describe, without hooks', () => {
    const cases = captureCases((t) =>
      describePaymentProviderContract(t, 'x', async () => {
        throw new Error('not called while registering');
      }),
    );
    expect(cases).toHaveLength(16);
    for (const c of cases) expect(c.path).toEqual(['PaymentProvider contract: x']);
  });

  it('passes the test card provider', async () => {
    expectFailures(await run(), []);
  });

  const defects: readonly [ProviderDefect, readonly string[]][] = [
    ['authorizesTwice', [CASES.replay]],
    ['ignoresCaptureKeys', [CASES.capture]],
    ['capturesPastAuthorized', [CASES.tooMuch]],
    ['forgetsCaptures', [CASES.capture, CASES.partial, CASES.refundTooMuch]],
    ['voidKeepsCapturable', [CASES.voided]],
    ['refundKeyWithoutNumber', [CASES.refunds]],
    ['roundsAmounts', [CASES.inexact]],
    ['declinesAsRefusal', [CASES.decline]],
    ['challengeAuthorizesAtOnce', [CASES.challenge]],
    ['acceptsAnySignature', [CASES.tampered]],
    ['acceptsOldSignatures', [CASES.tampered]],
    ['refusesWhenUnreachable', [CASES.unreachable]],
  ];
  for (const [defect, failing] of defects) {
    it(`catches a provider that ${defect.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`, async () => {
      expectFailures(await run(defect), failing);
    });
  }
});
