/**
 * The test card provider's challenge page: what a bank's 3-D Secure page is to a real card, as a Web-standard
 * handler (Request → Response) any host mounts.
 * @module
 */
import type { ProviderAnswer } from '../../ports/payment-provider.js';
import type { GatewayPayment, TestCardGateway } from './gateway.js';

/** What the handler needs from its provider. */
export interface ChallengeHandlerParts {
  readonly challengeUrl: string;
  readonly gateway: TestCardGateway;
  readonly completeChallenge: (reference: string, pass: boolean) => Promise<ProviderAnswer>;
}

/** Text made safe to place inside HTML, attributes included. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small HTML page. */
function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}
button{font-size:1rem;padding:.5rem 1.25rem;margin-right:.5rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

/** The challenge form of a payment waiting for the customer. */
function challengeForm(entry: GatewayPayment): Response {
  const { reference, amount } = entry.payment;
  return page(
    200,
    'Test card: 3-D Secure',
    `<p>Test mode: no money moves. Confirm the payment of <strong>${escapeHtml(amount.amount)} ${escapeHtml(amount.currency)}</strong>
(payment <code>${escapeHtml(reference)}</code>)?</p>
<form method="post"><button name="result" value="pass" type="submit">Pass</button>
<button name="result" value="fail" type="submit">Fail</button></form>`,
  );
}

/** Where the customer goes after answering: back to the shop, or a page saying it is done. */
function afterAnswer(entry: GatewayPayment, answer: ProviderAnswer): Response {
  if (entry.returnUrl !== null)
    return new Response(null, { status: 303, headers: { location: entry.returnUrl } });
  const status = answer.outcome === 'done' ? answer.payment.status : answer.outcome;
  return page(
    200,
    'Test card: challenge answered',
    `<p>The payment is now <strong>${escapeHtml(status)}</strong>.</p>`,
  );
}

/** The payment reference a request addresses under `base` (`<base>/<reference>`), or undefined. */
function referenceOf(url: URL, base: URL): string | undefined {
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  if (!url.pathname.startsWith(prefix)) return undefined;
  const rest = url.pathname.slice(prefix.length);
  return /^[A-Za-z0-9_]{1,64}$/.test(rest) ? rest : undefined;
}

/**
 * The handler of `<challengeUrl>/<reference>`: GET shows the payment's challenge (Pass / Fail), POST with
 * `result=pass` or `result=fail` answers it and sends the customer back to the shop's return URL (303). A
 * payment no longer waiting shows that it is over, with a link back to the shop's return URL when it has one;
 * an unknown one is 404; other methods are 405.
 */
export function createChallengeHandler(
  parts: ChallengeHandlerParts,
): (request: Request) => Promise<Response> {
  const base = new URL(parts.challengeUrl);
  return async (request) => {
    const reference = referenceOf(new URL(request.url), base);
    const entry = reference === undefined ? undefined : parts.gateway.find(reference);
    if (reference === undefined || entry === undefined) {
      return page(404, 'Test card: no such payment', '<p>This challenge does not exist.</p>');
    }
    if (request.method !== 'GET' && request.method !== 'POST') {
      return new Response(null, { status: 405, headers: { allow: 'GET, POST' } });
    }
    if (entry.payment.status !== 'requires_action') {
      const back =
        entry.returnUrl === null
          ? ''
          : `<p><a href="${escapeHtml(entry.returnUrl)}">Back to the shop</a></p>`;
      const over = `<p>This challenge is over: the payment is <strong>${escapeHtml(entry.payment.status)}</strong>.</p>${back}`;
      return page(request.method === 'GET' ? 200 : 409, 'Test card: challenge over', over);
    }
    if (request.method === 'GET') return challengeForm(entry);
    const form = new URLSearchParams(await request.text());
    const result = form.get('result');
    if (result !== 'pass' && result !== 'fail') {
      return page(400, 'Test card: no answer', '<p>Answer with Pass or Fail.</p>');
    }
    return afterAnswer(entry, await parts.completeChallenge(reference, result === 'pass'));
  };
}
