/**
 * How the webhook sink signs and sends one attempt: with `fetch` anywhere, with node:http on Node (see
 * `node-transport.ts`).
 * @module
 */
import { signatureHeader } from './signature.js';

/** Signs and posts attempts to one endpoint. */
export interface WebhookTransport {
  /** The `webhook-signature` value, as {@link signatureHeader} makes it. */
  sign(keys: readonly Uint8Array[], id: string, timestampSeconds: number, body: string): string;
  /**
   * Posts `body` with `headers`; answers the status once the answer was read to its end. Rejects on a network
   * failure, or with a `TimeoutError` when the whole attempt took longer than `timeoutMs`.
   */
  post(headers: Readonly<Record<string, string>>, body: string, timeoutMs: number): Promise<number>;
  /** Closes the connections kept alive. */
  close(): void;
}

/** The error of an attempt that took too long: named as `AbortSignal.timeout`'s is. */
export function timeoutError(timeoutMs: number): Error {
  const error = new Error(`no answer in ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
}

/**
 * A transport over a `fetch`. The timeout is a timer cleared when the attempt ends, not `AbortSignal.timeout`,
 * whose timer and signal stay until the timeout (15 s by default) runs out, long after the answer came: at a few
 * thousand attempts a second, some megabytes of heap held for nothing.
 */
export function fetchTransport(send: typeof fetch, url: string): WebhookTransport {
  return {
    sign: signatureHeader,
    async post(headers, body, timeoutMs) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs);
      try {
        const response = await send(url, {
          method: 'POST',
          headers,
          body,
          redirect: 'manual',
          signal: controller.signal,
        });
        // The body is not needed; reading it frees the connection for the next attempt.
        await response.arrayBuffer().catch(() => undefined);
        return response.status;
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      // The fetch's connections are its own.
    },
  };
}
