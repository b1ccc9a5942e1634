/**
 * The test card provider's webhook signature, shaped as card gateways sign theirs: a header
 * `Test-Card-Signature: t=<unix seconds>,v1=<hex>` where the hex is HMAC-SHA256, keyed with the shared secret,
 * of `<t>.<raw body>`. Web Crypto only, so it runs in every host the fetch handler runs in.
 * @module
 */

/** The header carrying the signature. */
export const TEST_CARD_SIGNATURE_HEADER = 'test-card-signature';

/** A webhook ready to send: its raw body and the headers to send it with. */
export interface SignedWebhook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const encoder = new TextEncoder();

/** Lower-case hex of HMAC-SHA256(secret, text). */
async function hmacHex(secret: string, text: string): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether two strings are equal, in a time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Signs `body` at `unixSeconds` (the sending time: receivers refuse old signatures). */
export async function signTestCardWebhook(
  secret: string,
  body: string,
  unixSeconds: number,
): Promise<SignedWebhook> {
  const signature = await hmacHex(secret, `${unixSeconds}.${body}`);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      [TEST_CARD_SIGNATURE_HEADER]: `t=${unixSeconds},v1=${signature}`,
    },
  };
}

/** The parts of a signature header: its time and every `v1` value (a rotated secret sends two). */
function parseHeader(
  header: string,
): { readonly time: number; readonly signatures: readonly string[] } | undefined {
  let time: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === 't' && value !== undefined && /^\d{1,12}$/.test(value)) time = Number(value);
    if (name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return time === undefined || signatures.length === 0 ? undefined : { time, signatures };
}

/**
 * Checks a signature header against the raw body: undefined when it is valid and signed within `toleranceSeconds`
 * of `nowSeconds` (either way: a clock ahead is as suspect as one behind), else why not.
 */
export async function checkTestCardSignature(
  secret: string,
  body: string,
  header: string | null,
  nowSeconds: number,
  toleranceSeconds: number,
): Promise<string | undefined> {
  if (header === null) return 'no signature header';
  const parsed = parseHeader(header);
  if (parsed === undefined) return 'a malformed signature header';
  const expected = await hmacHex(secret, `${parsed.time}.${body}`);
  if (!parsed.signatures.some((signature) => sameText(expected, signature))) return 'a wrong signature';
  if (Math.abs(nowSeconds - parsed.time) > toleranceSeconds) return 'a signature outside the time window';
  return undefined;
}

/** `webhook` as the POST request a gateway sends to `url`. */
export function webhookRequest(url: string, webhook: SignedWebhook): Request {
  return new Request(url, { method: 'POST', body: webhook.body, headers: webhook.headers });
}
