/**
 * A webhook endpoint as an event sink, signed as the Standard Webhooks specification says.
 * @module
 */
import type { EventType, OutboxEvent } from '../../domain/events/event-types.js';
import type { EventSink } from '../../ports/event-sink.js';
import { secretKey } from './signature.js';
import { fetchTransport, type WebhookTransport } from './transport.js';

/** Options of {@link createWebhookSink}. */
export interface WebhookSinkOptions {
  /** The endpoint's URL (https in production). */
  readonly url: string;
  /**
   * The endpoint's secrets (`whsec_…`): every attempt is signed with each, so while a secret is rotated the old
   * and the new one are both valid (give both, the new one first, until the receiver has switched).
   */
  readonly secrets: readonly string[];
  /** The name deliveries are recorded under (default `webhook:<url>`); keep it when the URL changes. */
  readonly name?: string | undefined;
  /** The event types this endpoint gets (default every type); the others are passed over. */
  readonly types?: readonly EventType[] | undefined;
  /** How long an attempt may take, in milliseconds (default 15,000). */
  readonly timeoutMs?: number | undefined;
  /**
   * The `fetch` to send with. By default the sink sends with node:http(s) on Node, keeping connections alive (a
   * third of the CPU of Node's `fetch` per request), and with the global `fetch` elsewhere.
   */
  readonly fetch?: typeof fetch | undefined;
  /** Called once when the endpoint answers 410 Gone and is disabled. */
  readonly onDisabled?: ((url: string) => void) | undefined;
  /** The time of each attempt's `webhook-timestamp` (default the system clock). */
  readonly now?: (() => Date) | undefined;
}

/** A webhook sink, which can be enabled again after the endpoint disabled itself with 410. */
export interface WebhookSink extends EventSink {
  /** True after the endpoint answered 410 Gone, until `enable()`. */
  readonly disabled: boolean;
  /** Sends again to an endpoint that answered 410 (then redeliver what failed meanwhile). */
  enable(): void;
}

/** True on Node itself (not Bun or Deno, whose own `fetch` is native): node:http is there and cheaper. */
function onNode(): boolean {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process
    ?.versions;
  return versions?.node !== undefined && versions.bun === undefined && versions.deno === undefined;
}

/** A sink's transport, made on first use; `close` closes it when it was made. */
interface LazyTransport {
  get(): Promise<WebhookTransport>;
  close(): Promise<void>;
}

/**
 * The transport of a sink: the given `fetch`'s, or node:http's on Node (loaded on first use, so the module is never
 * loaded elsewhere; should it fail to load, the global `fetch`'s).
 */
function transportFor(url: string, send: typeof fetch | undefined): LazyTransport {
  let made: Promise<WebhookTransport> | undefined;
  const make = (): Promise<WebhookTransport> =>
    send !== undefined || !onNode()
      ? Promise.resolve(fetchTransport(send ?? globalThis.fetch, url))
      : import('./node-transport.js').then(
          (module) => module.nodeTransport(new URL(url)),
          () => fetchTransport(globalThis.fetch, url),
        );
  return {
    get() {
      made ??= make();
      return made;
    },
    async close() {
      (await made)?.close();
    },
  };
}

/** Why an attempt failed, kept on the delivery as its last error. */
class WebhookDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookDeliveryError';
  }
}

/**
 * A sink posting each event's envelope (JSON) to one endpoint with the Standard Webhooks headers: `webhook-id`
 * (the event's id, the same on every retry: receivers dedupe by it), `webhook-timestamp` (this attempt's, in
 * seconds: receivers refuse stale ones, so it is signed at send time) and `webhook-signature`. A 2xx answer
 * delivers; any other answer, a network failure or no answer within the timeout (15 s) fails the attempt, and
 * the dispatcher retries. 410 Gone disables the endpoint: later attempts fail at once without sending (so
 * nothing is lost: the deliveries wait, and park as `dead`, until `enable()` and a redelivery).
 *
 * On Node it sends with node:http(s), keeping its connections to the endpoint alive (as many as attempts under
 * way); `close()` closes them (idle ones never keep the process alive). With a `fetch` given it sends with that,
 * and off Node with the global `fetch`.
 *
 * @example
 * ```ts
 * const orders = createWebhookSink({ name: 'erp', url: 'https://erp.example/hooks', secrets: [process.env.WHSEC],
 *   types: ['order.placed', 'order.status_changed'] });
 * ```
 */
export function createWebhookSink(options: WebhookSinkOptions): WebhookSink {
  const keys = options.secrets.map(secretKey);
  if (keys.length === 0) throw new TypeError('cartwright webhooks: give the endpoint at least one secret');
  const url = new URL(options.url).toString();
  const timeoutMs = options.timeoutMs ?? 15_000;
  const types = options.types === undefined ? undefined : new Set(options.types);
  const transport = transportFor(url, options.fetch);
  const now = options.now ?? (() => new Date());
  let disabled = false;

  async function post(event: OutboxEvent): Promise<void> {
    const sender = await transport.get();
    const body = JSON.stringify(event);
    const timestamp = Math.floor(now().getTime() / 1000);
    let status: number;
    try {
      status = await sender.post(
        {
          'content-type': 'application/json',
          'user-agent': 'cartwright-webhooks',
          'webhook-id': event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sender.sign(keys, event.id, timestamp, body),
        },
        body,
        timeoutMs,
      );
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer in ${timeoutMs} ms`
          : String(error);
      throw new WebhookDeliveryError(`${url}: ${reason}`);
    }
    if (status >= 200 && status < 300) return;
    if (status === 410) {
      disabled = true;
      options.onDisabled?.(url);
    }
    throw new WebhookDeliveryError(`${url} answered ${status}`);
  }

  return {
    name: options.name ?? `webhook:${url}`,
    get disabled() {
      return disabled;
    },
    enable() {
      disabled = false;
    },
    async deliver(event) {
      if (types !== undefined && !types.has(event.type)) return;
      if (disabled) throw new WebhookDeliveryError(`${url} is disabled (it answered 410 Gone)`);
      await post(event);
    },
    close() {
      return transport.close();
    },
  };
}
