/**
 * The test card provider beyond the contract: its challenge page as a Web-standard handler (the page, the
 * customer's answer, the redirect back to the shop, the webhook it sends), its signatures and its refusals.
 */
import { describe, expect, it } from 'vitest';
import { money } from '../../src/money/index.js';
import {
  checkTestCardSignature,
  createManualClock,
  createTestCardProvider,
  type SignedWebhook,
  signTestCardWebhook,
  TEST_CARD_SIGNATURE_HEADER,
  testCardTokens,
  webhookRequest,
} from '../../src/testing/index.js';

const CHALLENGE = 'http://127.0.0.1:8080/test-card/challenge';

function setup() {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  const delivered: SignedWebhook[] = [];
  const provider = createTestCardProvider({
    webhookSecret: 'whsec_test',
    challengeUrl: CHALLENGE,
    clock,
    deliver: async (webhook) => void delivered.push(webhook),
  });
  return { clock, delivered, provider };
}

async function challenged(
  provider: ReturnType<typeof setup>['provider'],
  returnUrl: string | null = 'http://shop/return',
) {
  const answer = await provider.authorize({
    orderId: 7,
    attempt: 1,
    amount: money('12.50', 'EUR'),
    token: testCardTokens.challenge,
    returnUrl,
    idempotencyKey: `k-${returnUrl}`,
    description: 'Order 7',
  });
  if (answer.outcome !== 'done') throw new Error(JSON.stringify(answer));
  return answer.payment;
}

describe('the test card challenge page', () => {
  it('shows the payment’s challenge under <challengeUrl>/<reference>', async () => {
    const { provider } = setup();
    const payment = await challenged(provider);
    expect(payment.action).toEqual({ type: 'redirect', url: `${CHALLENGE}/${payment.reference}` });
    const response = await provider.challenge(new Request(payment.action?.url ?? ''));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('12.5000 EUR');
    expect(html).toContain('value="pass"');
    expect(html).toContain('value="fail"');
  });

  it('takes a pass, authorizes, sends the signed webhook and sends the customer back to the shop', async () => {
    const { provider, delivered } = setup();
    const payment = await challenged(provider);
    const response = await provider.challenge(
      new Request(payment.action?.url ?? '', {
        method: 'POST',
        body: 'result=pass',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://shop/return');
    const truth = await provider.retrieve({ payment });
    expect(truth).toMatchObject({ outcome: 'done', payment: { status: 'authorized', action: null } });
    expect(delivered).toHaveLength(1);
    const verdict = await provider.verifyWebhook(
      webhookRequest('http://shop/webhook', delivered[0] as SignedWebhook),
    );
    expect(verdict).toEqual({
      verified: true,
      event: { id: 'evt_tc_1', type: 'payment.authorized', reference: payment.reference, orderId: 7 },
    });
  });

  it('takes a fail: the payment fails with the provider’s reason', async () => {
    const { provider } = setup();
    const payment = await challenged(provider, null);
    const response = await provider.challenge(
      new Request(payment.action?.url ?? '', { method: 'POST', body: 'result=fail' }),
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('failed');
    const truth = await provider.retrieve({ payment });
    expect(truth).toMatchObject({
      outcome: 'done',
      payment: { status: 'failed', failure: 'authentication_failed' },
    });
  });

  it('says a challenge answered is over, and refuses a second answer', async () => {
    const { provider, delivered } = setup();
    const payment = await challenged(provider);
    const url = payment.action?.url ?? '';
    await provider.challenge(new Request(url, { method: 'POST', body: 'result=pass' }));
    expect((await provider.challenge(new Request(url))).status).toBe(200);
    const again = await provider.challenge(new Request(url, { method: 'POST', body: 'result=fail' }));
    expect(again.status).toBe(409);
    expect(delivered).toHaveLength(1);
    expect((await provider.retrieve({ payment })).outcome === 'done').toBe(true);
  });

  it('answers 404 for an unknown payment or another path, 400 without an answer, 405 for other methods', async () => {
    const { provider } = setup();
    const payment = await challenged(provider);
    const url = payment.action?.url ?? '';
    expect((await provider.challenge(new Request(`${CHALLENGE}/tc_999`))).status).toBe(404);
    expect((await provider.challenge(new Request('http://127.0.0.1:8080/elsewhere/tc_1'))).status).toBe(404);
    expect((await provider.challenge(new Request(`${CHALLENGE}/../x`))).status).toBe(404);
    expect(
      (await provider.challenge(new Request(url, { method: 'POST', body: 'result=maybe' }))).status,
    ).toBe(400);
    expect((await provider.challenge(new Request(url, { method: 'DELETE' }))).status).toBe(405);
  });

  it('escapes what it shows', async () => {
    const { provider } = setup();
    const payment = await challenged(provider);
    const html = await (await provider.challenge(new Request(payment.action?.url ?? ''))).text();
    expect(html).not.toMatch(/<script/i);
  });
});

describe('the test card signature', () => {
  it('signs t=<seconds>,v1=<hmac> and checks it within the window, either way', async () => {
    const signed = await signTestCardWebhook('s', '{"a":1}', 1_714_557_600);
    const header = signed.headers[TEST_CARD_SIGNATURE_HEADER] ?? null;
    expect(header).toMatch(/^t=1714557600,v1=[0-9a-f]{64}$/);
    expect(await checkTestCardSignature('s', '{"a":1}', header, 1_714_557_600, 300)).toBeUndefined();
    expect(await checkTestCardSignature('s', '{"a":1}', header, 1_714_557_600 + 301, 300)).toMatch(/window/);
    expect(await checkTestCardSignature('s', '{"a":1}', header, 1_714_557_600 - 301, 300)).toMatch(/window/);
    expect(await checkTestCardSignature('s', '{"a":2}', header, 1_714_557_600, 300)).toMatch(/wrong/);
    expect(await checkTestCardSignature('other', '{"a":1}', header, 1_714_557_600, 300)).toMatch(/wrong/);
    expect(await checkTestCardSignature('s', '{"a":1}', 't=1,v1=zz', 1, 300)).toMatch(/malformed/);
    expect(await checkTestCardSignature('s', '{"a":1}', null, 1, 300)).toMatch(/no signature/);
  });

  it('accepts any of several v1 values (a rotated secret)', async () => {
    const old = await signTestCardWebhook('old', 'x', 100);
    const current = await signTestCardWebhook('new', 'x', 100);
    const v1 = (s: SignedWebhook) => (s.headers[TEST_CARD_SIGNATURE_HEADER] ?? '').split(',')[1];
    const header = `t=100,${v1(old)},${v1(current)}`;
    expect(await checkTestCardSignature('new', 'x', header, 100, 300)).toBeUndefined();
  });

  it('refuses a signed body that is not one of its events', async () => {
    const { provider, clock } = setup();
    const seconds = Math.floor(clock.now().getTime() / 1000);
    for (const body of ['not json', '{"id":"e"}', 'null']) {
      const request = webhookRequest(
        'http://shop/webhook',
        await signTestCardWebhook('whsec_test', body, seconds),
      );
      expect(await provider.verifyWebhook(request)).toMatchObject({ verified: false });
    }
  });
});

describe('the test card provider’s refusals', () => {
  it('refuses an unknown token, and the same key for another request', async () => {
    const { provider } = setup();
    const request = {
      orderId: 1,
      attempt: 1,
      amount: money('5', 'USD'),
      token: 'tok_visa',
      returnUrl: null,
      idempotencyKey: 'k1',
      description: 'Order 1',
    };
    expect(await provider.authorize(request)).toMatchObject({ outcome: 'refused', code: 'invalid' });
    const ok = { ...request, token: testCardTokens.success, idempotencyKey: 'k2' };
    expect(await provider.authorize(ok)).toMatchObject({ outcome: 'done' });
    expect(await provider.authorize({ ...ok, amount: money('6', 'USD') })).toMatchObject({
      outcome: 'refused',
      code: 'invalid',
    });
  });

  it('answers not_found for a payment it never made', async () => {
    const { provider } = setup();
    const payment = {
      reference: 'tc_404',
      status: 'authorized' as const,
      amount: money('1', 'USD'),
      captured: money('0', 'USD'),
      refunded: money('0', 'USD'),
      action: null,
      failure: null,
    };
    expect(await provider.retrieve({ payment })).toMatchObject({ outcome: 'refused', code: 'not_found' });
    expect(await provider.void({ payment, idempotencyKey: 'v' })).toMatchObject({
      outcome: 'refused',
      code: 'not_found',
    });
  });
});
