/**
 * A TCP proxy under the test's control, put between an adapter's client and the real Redis or PostgreSQL server
 * (the shared servers are never stopped). It forwards bytes as they come, until the test injects a fault:
 *
 * - `cut()` closes every open connection, both sides, as a server restart or a failover does; `cutOn(marker)`
 *   does it when a client sends `marker`, so the cut finds that client in the middle of its work;
 * - `down()` cuts and refuses new connections until `restore()`;
 * - `stall()` stops forwarding while every socket stays open, as a server that hangs or a network that drops
 *   packets silently would; what was sent meanwhile is held, and `restore()` delivers it late;
 * - `resetOn(marker)` resets (RST) a connection, both sides, when its client sends `marker` (a statement in the
 *   middle of a transaction);
 * - `holdRepliesAfter(marker)` lets `marker` through (a COMMIT) and then holds that connection's replies: the
 *   server acts, the client never hears of it;
 * - `silenceOn(marker)` lets `marker` through (a statement that takes a row lock) and then holds that
 *   connection's traffic both ways, its sockets open: the server is left with a client that went silent.
 */
import { connect as connectTcp, createServer, type Server, type Socket } from 'node:net';

/** How long an armed trigger waits for its marker. */
const TRIGGER_WAIT_MS = 10_000;

/** Where the proxy forwards to. */
export interface ProxyTarget {
  readonly host: string;
  readonly port: number;
}

/** A proxy listening on 127.0.0.1. */
export interface FaultProxy {
  /** The port the proxy listens on. */
  readonly port: number;
  /** How many connections are open through the proxy now. */
  connections(): number;
  /** Closes every open connection, both sides; new connections are accepted and forwarded. */
  cut(): void;
  /** Cuts, then refuses every new connection (accepts and closes it at once) until {@link restore}. */
  down(): void;
  /** Stops forwarding, both ways, on open and new connections alike; sockets stay open, bytes are held. */
  stall(): void;
  /** Forwards again, delivering what a stall held (late), and accepts connections again. */
  restore(): void;
  /** Cuts every connection when a client first sends `marker` (not forwarded); resolves once done. */
  cutOn(marker: string): Promise<void>;
  /** Resets the first connection whose client sends `marker` (before forwarding it); resolves once done. */
  resetOn(marker: string): Promise<void>;
  /** Forwards the first chunk that holds `marker`, then holds its connection's replies until {@link restore}. */
  holdRepliesAfter(marker: string): Promise<void>;
  /** Forwards the first chunk that holds `marker`, then holds its connection both ways until {@link restore}. */
  silenceOn(marker: string): Promise<void>;
  /** Closes every connection and stops listening. */
  close(): Promise<void>;
}

/** A one-shot trigger on bytes a client sends. */
interface Trigger {
  readonly marker: string;
  readonly action: 'cut' | 'reset' | 'hold-replies' | 'silence';
  readonly fired: () => void;
}

/** One client connection and its connection to the target. */
class Link {
  readonly toServer: Buffer[] = [];
  readonly toClient: Buffer[] = [];
  holdingReplies = false;
  holdingRequests = false;
  clientClosed = false;
  serverClosed = false;

  constructor(
    readonly client: Socket,
    readonly server: Socket,
  ) {}

  /** Delivers what is held in each direction (unless told to hold it still), then passes on a close. */
  flush(stalled: boolean): void {
    if (stalled || this.holdingRequests) return;
    for (const chunk of this.toServer.splice(0)) this.server.write(chunk);
    if (this.clientClosed) this.server.end();
    if (this.holdingReplies) return;
    for (const chunk of this.toClient.splice(0)) this.client.write(chunk);
    if (this.serverClosed) this.client.end();
  }

  destroy(): void {
    this.client.destroy();
    this.server.destroy();
  }

  reset(): void {
    this.client.resetAndDestroy();
    this.server.resetAndDestroy();
  }
}

/** Starts a proxy to `target` on a free port of 127.0.0.1. */
export async function startFaultProxy(target: ProxyTarget): Promise<FaultProxy> {
  const links = new Set<Link>();
  const triggers: Trigger[] = [];
  let stalled = false;
  let refusing = false;

  /** The trigger `chunk` fires, taken off the list. */
  const firedBy = (chunk: Buffer): Trigger | undefined => {
    const text = chunk.toString('latin1');
    const index = triggers.findIndex((trigger) => text.includes(trigger.marker));
    return index < 0 ? undefined : triggers.splice(index, 1)[0];
  };

  const cut = () => {
    for (const link of links) link.destroy();
    links.clear();
  };

  const fromClient = (link: Link, chunk: Buffer) => {
    const trigger = firedBy(chunk);
    if (trigger?.action === 'reset' || trigger?.action === 'cut') {
      if (trigger.action === 'cut') cut();
      link.reset();
      links.delete(link);
      trigger.fired();
      return;
    }
    if (stalled || link.holdingRequests || link.toServer.length > 0) link.toServer.push(chunk);
    else link.server.write(chunk);
    if (trigger !== undefined) {
      // The chunk that fired it goes through first; what follows is held.
      link.holdingReplies = true;
      link.holdingRequests = trigger.action === 'silence';
      trigger.fired();
    }
  };

  const fromServer = (link: Link, chunk: Buffer) => {
    if (stalled || link.holdingReplies || link.toClient.length > 0) link.toClient.push(chunk);
    else link.client.write(chunk);
  };

  const accept = (client: Socket) => {
    client.on('error', () => undefined);
    if (refusing) {
      client.destroy();
      return;
    }
    const server = connectTcp(target.port, target.host);
    server.on('error', () => undefined);
    const link = new Link(client, server);
    links.add(link);
    client.on('data', (chunk: Buffer) => fromClient(link, chunk));
    server.on('data', (chunk: Buffer) => fromServer(link, chunk));
    client.on('close', () => {
      link.clientClosed = true;
      link.flush(stalled);
      if (link.serverClosed) links.delete(link);
    });
    server.on('close', () => {
      link.serverClosed = true;
      link.flush(stalled);
      if (link.clientClosed) links.delete(link);
    });
  };

  const listener: Server = createServer({ pauseOnConnect: false }, accept);
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  const address = listener.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');

  /** Arms a trigger; the promise rejects when no client sends `marker` within {@link TRIGGER_WAIT_MS}. */
  const trigger = (marker: string, action: Trigger['action']) =>
    new Promise<void>((fired, reject) => {
      const timer = setTimeout(() => {
        triggers.splice(triggers.indexOf(armed), 1);
        reject(new Error(`no client sent ${JSON.stringify(marker)} through the proxy`));
      }, TRIGGER_WAIT_MS);
      const armed: Trigger = {
        marker,
        action,
        fired: () => {
          clearTimeout(timer);
          fired();
        },
      };
      triggers.push(armed);
    });

  return {
    port: address.port,
    connections: () => links.size,
    cut,
    down() {
      refusing = true;
      cut();
    },
    stall() {
      stalled = true;
    },
    restore() {
      stalled = false;
      refusing = false;
      for (const link of links) {
        link.holdingReplies = false;
        link.holdingRequests = false;
        link.flush(false);
      }
    },
    cutOn: (marker) => trigger(marker, 'cut'),
    resetOn: (marker) => trigger(marker, 'reset'),
    holdRepliesAfter: (marker) => trigger(marker, 'hold-replies'),
    silenceOn: (marker) => trigger(marker, 'silence'),
    close() {
      cut();
      return new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
