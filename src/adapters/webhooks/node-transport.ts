/**
 * The webhook sink's way of sending on Node: node:http(s) with connections kept alive, and node's own HMAC. Node's
 * global `fetch` costs about three times the CPU per request (its body and answer go through Web streams) and the
 * HMAC in JavaScript about twice node's; at a hundred deliveries under way this is most of what a delivery costs
 * the host. Loaded only on Node, so the sink still runs wherever `fetch` does.
 * @module
 */
import { createHmac } from 'node:crypto';
import { type Agent, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { WebhookTransport } from './transport.js';
import { timeoutError } from './transport.js';

/**
 * How long a kept-alive connection may stay idle before it is closed. Under node's servers' default of 5 s (the
 * server's `Keep-Alive: timeout` hint, less a second, shortens it), so a request is rarely sent on a connection
 * the endpoint is closing.
 */
const IDLE_MS = 4_000;

/** The `webhook-signature` value with node's HMAC: the same as `signatureHeader`'s. */
export function nodeSignatureHeader(
  keys: readonly Uint8Array[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  return keys
    .map(
      (key) =>
        `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64')}`,
    )
    .join(' ');
}

/**
 * A transport posting to `url` over node:http or node:https, with an agent of its own that keeps connections
 * alive (as many as there are requests under way: the dispatcher's `concurrency` bounds them) and reuses the most
 * recently used first, so that idle ones close.
 */
export function nodeTransport(url: URL): WebhookTransport {
  const secure = url.protocol === 'https:';
  const options = { keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' as const };
  const agent: Agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
  const request = secure ? httpsRequest : httpRequest;
  return {
    sign: nodeSignatureHeader,
    post(headers, body, timeoutMs) {
      return new Promise<number>((resolve, reject) => {
        const payload = Buffer.from(body, 'utf8');
        const req = request(url, {
          method: 'POST',
          agent,
          headers: { ...headers, 'content-length': String(payload.length) },
        });
        // The whole attempt, answer read, within the timeout (a socket timeout would only bound silences).
        const timer = setTimeout(() => req.destroy(timeoutError(timeoutMs)), timeoutMs);
        const fail = (error: Error) => {
          clearTimeout(timer);
          reject(error);
        };
        req.on('error', fail);
        req.on('response', (res) => {
          res.on('error', fail);
          res.on('end', () => {
            clearTimeout(timer);
            resolve(res.statusCode ?? 0);
          });
          // The body is not needed; reading it to its end frees the connection for the next attempt.
          res.resume();
        });
        req.end(payload);
      });
    },
    close() {
      agent.destroy();
    },
  };
}
