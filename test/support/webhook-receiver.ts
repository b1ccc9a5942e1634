/**
 * A real HTTP receiver of webhooks for the tests: listens on 127.0.0.1, verifies each request with the
 * `standardwebhooks` package (the specification's own JavaScript library), keeps what it accepted, and answers
 * as the test says (a status, a delay, no answer at all).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One accepted request. */
export interface ReceivedWebhook {
  readonly id: string;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  /** When it arrived (`Date.now()`), for a delivery's lag. */
  readonly at: number;
}

/** How the receiver answers a request (after verifying it): a status, after a delay; `hang` never answers. */
export type Behaviour = { readonly status: number; readonly delayMs?: number } | 'hang';

/** A listening receiver. */
export interface WebhookReceiver {
  readonly url: string;
  /** Verified requests answered 2xx, in arrival order. */
  readonly accepted: ReceivedWebhook[];
  /** Every request that arrived (verified or not), as its `webhook-id`. */
  readonly arrived: string[];
  /** Requests whose signature did not verify. */
  readonly refused: number;
  /** TCP connections accepted: a sender that keeps its connections alive opens few. */
  readonly connections: number;
  /** Of those, the ones closed since. */
  readonly closedConnections: number;
  /** How the next requests are answered (default 204). */
  answer(behaviour: Behaviour | ((id: string) => Behaviour)): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts a receiver that accepts signatures made with `secret`. */
export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  let behaviour: (id: string) => Behaviour = () => ({ status: 204 });
  const accepted: ReceivedWebhook[] = [];
  const arrived: string[] = [];
  let refused = 0;
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    const at = Date.now();
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([key, value]) => [key, String(value)]),
    ) as Record<string, string>;
    const id = headers['webhook-id'] ?? '';
    arrived.push(id);
    let body: unknown;
    try {
      body = verifier.verify(raw, headers);
    } catch {
      refused += 1;
      res.writeHead(401).end();
      return;
    }
    const answer = behaviour(id);
    if (answer === 'hang') {
      hanging.add(res);
      return;
    }
    if (answer.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.status >= 200 && answer.status < 300) accepted.push({ id, body, headers, at });
    res.writeHead(answer.status).end();
  });
  let connections = 0;
  let closedConnections = 0;
  server.on('connection', (socket) => {
    connections += 1;
    socket.on('close', () => {
      closedConnections += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    accepted,
    arrived,
    get refused() {
      return refused;
    },
    get connections() {
      return connections;
    },
    get closedConnections() {
      return closedConnections;
    },
    answer(next) {
      behaviour = typeof next === 'function' ? next : () => next;
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fresh Standard Webhooks secret. */
export function newSecret(): string {
  return `whsec_${Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;
}
