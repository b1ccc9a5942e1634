/**
 * A webhook receiver in a process of its own, for `npm run bench:dispatch`: a plain node:http server on 127.0.0.1
 * that checks each request's Standard Webhooks signature with node's own HMAC (cheap, so the receiver is not what
 * is measured), answers 204 (401 when the signature does not match) and reports what arrived to its parent over
 * the IPC channel, in batches every 20 ms. Run it with `fork` (it needs the channel): its first message is
 * `{ port }`, then `{ arrivals }` batches; `refused` counts the requests whose signature did not match, `connections` the TCP connections accepted.
 *
 * `WEBHOOK_SECRET` (`whsec_…`) is the secret to check; `WEBHOOK_VERIFY=none` skips the check.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One first arrival as the parent gets it: the event's keys and when it arrived (`Date.now()`). */
export interface ReceiverArrival {
  readonly id: string;
  readonly orderId: number;
  readonly sequence: number;
  readonly occurredAt: string;
  readonly at: number;
}

/** What the receiver process sends its parent. */
export type ReceiverMessage =
  | { readonly port: number }
  | {
      readonly arrivals: readonly ReceiverArrival[];
      readonly refused: number;
      /** TCP connections accepted so far: a sender that keeps its connections alive opens few. */
      readonly connections: number;
    };

const secret = process.env.WEBHOOK_SECRET ?? '';
const verify = process.env.WEBHOOK_VERIFY !== 'none';
const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
if (verify && key.length === 0) throw new Error('WEBHOOK_SECRET must be a whsec_ secret');

/** True when one of the header's `v1,` signatures is the HMAC of `<id>.<timestamp>.<body>`. */
function signed(id: string, timestamp: string, body: Buffer, header: string): boolean {
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  return header.split(' ').some((part) => {
    const [version, signature] = part.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const send = (message: ReceiverMessage) => process.send?.(message);
let pending: ReceiverArrival[] = [];
let refused = 0;
let connections = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const id = String(req.headers['webhook-id'] ?? '');
    const timestamp = String(req.headers['webhook-timestamp'] ?? '');
    if (verify && !signed(id, timestamp, body, String(req.headers['webhook-signature'] ?? ''))) {
      refused += 1;
      res.writeHead(401).end();
      return;
    }
    const event = JSON.parse(body.toString('utf8')) as {
      id: string;
      order_id: number;
      sequence: number;
      occurred_at: string;
    };
    pending.push({
      id: event.id,
      orderId: event.order_id,
      sequence: event.sequence,
      occurredAt: event.occurred_at,
      at: Date.now(),
    });
    res.writeHead(204).end();
  });
});

server.on('connection', () => {
  connections += 1;
});

setInterval(() => {
  if (pending.length === 0) return;
  send({ arrivals: pending, refused, connections });
  pending = [];
}, 20);

server.listen(0, '127.0.0.1', () => send({ port: (server.address() as AddressInfo).port }));
// The parent's end is this process's end: it never outlives the benchmark.
process.on('disconnect', () => process.exit(0));
