/**
 * Many requests at once over real sockets: `count` identical POSTs spread over one or more listening servers
 * through a fixed number of keep-alive connections in all, every request sent at once (the connections' queues
 * hold the rest), as a busy client pool would. Answers how each request was answered and how long it all took.
 */
import { Agent, request } from 'node:http';

/** What to send, where, and through how many connections. */
export interface HammerOptions {
  /** The servers' origins (`http://127.0.0.1:<port>`); requests go round them in turn. */
  readonly origins: readonly string[];
  /** The path and query, e.g. `/index.php?route=api/cart/addProduct`. */
  readonly path: string;
  /** The form body. */
  readonly form: Readonly<Record<string, string>>;
  /** Headers sent with every request (the session cookie). */
  readonly headers?: Readonly<Record<string, string>>;
  /** How many requests in all. */
  readonly count: number;
  /** How many connections in all, shared out evenly between the origins. */
  readonly connections: number;
}

/** How the requests were answered. */
export interface HammerResult {
  /** How many answers had each status. */
  readonly statuses: ReadonlyMap<number, number>;
  /** The body of the first answer that was not a 200, for the failure message. */
  readonly firstRefusal: string | undefined;
  /** From the first request sent to the last answer read, in milliseconds. */
  readonly ms: number;
}

/** One POST through `agent`; resolves with the status and body. */
function post(agent: Agent, origin: string, options: HammerOptions, body: string) {
  const url = new URL(options.path, origin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...options.headers,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends the requests and waits for every answer. */
export async function hammer(options: HammerOptions): Promise<HammerResult> {
  const perOrigin = Math.max(1, Math.floor(options.connections / options.origins.length));
  const agents = options.origins.map(() => new Agent({ keepAlive: true, maxSockets: perOrigin }));
  const body = new URLSearchParams({ ...options.form }).toString();
  const statuses = new Map<number, number>();
  let firstRefusal: string | undefined;
  const start = performance.now();
  try {
    await Promise.all(
      Array.from({ length: options.count }, async (_, i) => {
        const at = i % options.origins.length;
        const reply = await post(agents[at] as Agent, options.origins[at] as string, options, body);
        statuses.set(reply.status, (statuses.get(reply.status) ?? 0) + 1);
        if (reply.status !== 200) firstRefusal ??= `${reply.status} ${reply.body.slice(0, 300)}`;
      }),
    );
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return { statuses, firstRefusal, ms: performance.now() - start };
}
