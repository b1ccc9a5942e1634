/**
 * Sending one request exactly as built, bytes and all, over node:http, and reading the answer whatever it is:
 * JSON, something else, a closed connection, or nothing within the deadline.
 */
import { Agent, request } from 'node:http';

/** A request as it goes on the wire. */
export interface WireRequest {
  readonly method: string;
  /** Path and query, as sent (`/index.php?route=…`). */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body; a bodiless request has none (no Content-Length). */
  readonly body?: Buffer | undefined;
}

/** What came back. */
export interface WireAnswer {
  /** The status, or 0 when no answer came (the connection closed, or the deadline passed). */
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
  /** The body parsed as JSON, or `undefined` when it is not JSON. */
  readonly json: unknown;
  /** Why there is no answer: `closed`, `timeout`, or the socket error. */
  readonly failure?: string;
}

/** How long an answer may take before the request counts as hung (no store fault is injected). */
export const answerDeadlineMs = 15_000;

/** Parses JSON text; `undefined` when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A keep-alive agent per world, so that a run does not open a connection per request. */
export function createAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 4 });
}

/** Sends `req` to `127.0.0.1:port` and reads the answer; never rejects. */
export function send(port: number, req: WireRequest, agent: Agent): Promise<WireAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: WireAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(req.body.byteLength);
    const outgoing = request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => finish(noAnswer(`response: ${error.message}`)));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          finish({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            json: parseJson(text),
          });
        });
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy();
      finish(noAnswer('timeout'));
    }, answerDeadlineMs);
    outgoing.on('error', (error) => finish(noAnswer(error.message)));
    outgoing.end(req.body);
  });
}

function noAnswer(failure: string): WireAnswer {
  return { status: 0, headers: {}, text: '', json: undefined, failure };
}
