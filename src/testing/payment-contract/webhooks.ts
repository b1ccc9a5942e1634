/**
 * Payment-provider contract cases: webhooks verified by the gateway's signature before anything in them is
 * trusted, and a gateway that does not answer giving an unknown outcome, never a refusal.
 * @module
 */
import assert from 'node:assert/strict';
import type { ProviderAnswer, WebhookVerdict } from '../../ports/payment-provider.js';
import { cannotRun } from '../test-api.js';
import { approvedPayment, authorizeRequest, freshOrderId, moneyIn, type ProviderCase } from './helpers.js';

/** Asserts the verdict is a refusal with a reason. */
function expectRefusedWebhook(verdict: WebhookVerdict, what: string): void {
  assert.equal(verdict.verified, false, `${what} must be refused`);
  if (!verdict.verified) assert.equal(typeof verdict.reason, 'string', `${what}: the refusal gives a reason`);
}

/** `request` with its body replaced by `body`, every header kept (the signature among them). */
async function withBody(request: Request, change: (body: string) => string): Promise<Request> {
  const body = change(await request.text());
  return new Request(request.url, { method: 'POST', headers: request.headers, body });
}

/** A request without any signature: the body of `request`, a JSON content type and nothing else. */
async function unsigned(request: Request): Promise<Request> {
  const body = await request.text();
  return new Request(request.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
}

/** A body changed after signing: a value inside it altered, the length kept where it can be. */
function tamper(body: string): string {
  const digit = body.search(/\d/);
  if (digit >= 0) return `${body.slice(0, digit)}${body[digit] === '9' ? '8' : '9'}${body.slice(digit + 1)}`;
  return `${body} `;
}

/** The outcome of `call`, or that it rejected, raced against `ms`. */
async function settleWithin(
  call: () => Promise<ProviderAnswer>,
  ms: number,
): Promise<ProviderAnswer | 'rejected' | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([
      call().catch((error: unknown) => {
        assert.ok(error instanceof Error, `a rejection must be an Error, got ${String(error)}`);
        return 'rejected' as const;
      }),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Registers the webhook and unreachable-gateway cases. */
export function registerWebhookCases(test: ProviderCase): void {
  test('a webhook signed by the gateway verifies and names its payment', async (fixture) => {
    if (fixture.webhooks === undefined) cannotRun('the provider sends no webhooks (the fixture offers none)');
    const { payment, orderId } = await approvedPayment(fixture);
    const verdict = await fixture.provider.verifyWebhook(await fixture.webhooks.signed(payment.reference));
    if (!verdict.verified) assert.fail(`a signed webhook must verify: ${verdict.reason}`);
    assert.equal(verdict.event.reference, payment.reference, 'the event names the payment');
    assert.ok(
      verdict.event.orderId === null || verdict.event.orderId === orderId,
      'the event’s order, when given, is the payment’s',
    );
    assert.equal(typeof verdict.event.id, 'string', 'the event has an id');
  });

  test('a webhook with a changed body, a wrong secret, an old signature or none is refused', async (fixture) => {
    const { webhooks } = fixture;
    const { payment } = await approvedPayment(fixture);
    if (webhooks === undefined) {
      const body = JSON.stringify({
        id: 'evt_1',
        type: 'payment.authorized',
        data: { reference: payment.reference },
      });
      const request = new Request('https://shop.example/webhook', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectRefusedWebhook(
        await fixture.provider.verifyWebhook(request),
        'a webhook to a provider that sends none',
      );
      return;
    }
    const signed = () => webhooks.signed(payment.reference);
    expectRefusedWebhook(
      await fixture.provider.verifyWebhook(await withBody(await signed(), tamper)),
      'a body changed after signing',
    );
    expectRefusedWebhook(
      await fixture.provider.verifyWebhook(await webhooks.signed(payment.reference, { wrongSecret: true })),
      'a webhook signed with another secret',
    );
    expectRefusedWebhook(
      await fixture.provider.verifyWebhook(await webhooks.signed(payment.reference, { ageSeconds: 3600 })),
      'a webhook signed an hour ago',
    );
    expectRefusedWebhook(
      await fixture.provider.verifyWebhook(await unsigned(await signed())),
      'a webhook without a signature',
    );
  });

  test('a gateway that does not answer gives an unknown outcome, never a refusal, in time', async (fixture) => {
    if (fixture.unreachable === undefined) cannotRun('the fixture offers no gateway that does not answer');
    const provider = await fixture.unreachable();
    const ms = fixture.deadlineMs ?? 25_000;
    const outcome = await settleWithin(
      () =>
        provider.authorize(
          authorizeRequest(freshOrderId(), moneyIn(fixture, '10.00'), fixture.approve.token),
        ),
      ms,
    );
    assert.notEqual(outcome, 'late', `authorize must give up within ${ms} ms`);
    if (outcome === 'rejected' || outcome === 'late') return;
    assert.equal(
      outcome.outcome,
      'unknown',
      `an unanswered authorize must be unknown, got ${JSON.stringify(outcome)}`,
    );
  });
}
