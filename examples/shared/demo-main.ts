/**
 * `npm start`: the demo store over node:http, as the README documents it. Reads the environment, opens the stores
 * it names (memory, Redis, PostgreSQL), wires the app, listens, prints the banner; and on SIGINT/SIGTERM stops
 * listening and closes the stores. This is the project's own demo server, not an example to copy: the examples
 * beside this folder show how to serve cartwright in an app.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import { err, ok, type Result } from 'neverthrow';
import type { Clock, FieldErrors } from '../../src/core/index.js';
import type { Dispatcher } from '../../src/engine/index.js';
import {
  answerClientError,
  type FetchHandler,
  type HttpLogger,
  nodeServerOptions,
  toNodeListener,
} from '../../src/http/index.js';
import { isShopRequest } from '../storefront/storefront.js';
import { createShopCard, isChallengeRequest } from '../storefront/test-card.js';
import { type DemoApp, prepareDemoStore, wireDemoApp } from './demo-app.js';
import { baseUrl, type DemoEnv, exitWithErrors, printBanner, readDemoEnv } from './demo-env.js';
import { type DemoSinks, openDemoSinks, startDemoDispatcher } from './demo-events.js';
import { createDemoShop } from './demo-shop.js';
import { type DemoStores, openDemoStores } from './demo-stores.js';
import { isDocsRequest, withDocsPage } from './docs-page.js';

/** A server listening for the demo. */
interface DemoListener {
  /** The port actually bound (the environment may ask for 0). */
  readonly port: number;
  /** Stops accepting connections and resolves once the open ones are done. */
  close(): Promise<void>;
}

/** A started demo server. */
export interface RunningDemo {
  readonly env: DemoEnv;
  readonly app: DemoApp;
  readonly stores: DemoStores;
  readonly port: number;
  /** The entry point, `http://<host>:<port>/index.php`. */
  readonly url: string;
  /** Stops listening, then closes the stores (once, however often it is called). */
  close(): Promise<void>;
}

/** What a caller other than `npm start` (a test) may choose. */
export interface StartDemoOptions {
  /** Where the banner goes; default `console.log`. */
  readonly log?: ((line: string) => void) | undefined;
  /** The engine's and the session store's clock; default the system clock. */
  readonly clock?: Clock | undefined;
  /** Where store failures and unexpected errors are reported; default `console`. */
  readonly logger?: HttpLogger | undefined;
}

/**
 * The demo's requests: those for the reference page go through {@link withDocsPage}, those under `/shop` to the
 * storefront, the test card's challenge pages to its provider, every other one to the handler's own listener
 * (the page's wrapper would hide the handler from node, which then could not serve it without Web `Request` and
 * `Response` objects).
 */
function demoListener(handler: FetchHandler, shop: FetchHandler, challenge: FetchHandler): RequestListener {
  const api = toNodeListener(handler);
  const docs = toNodeListener(withDocsPage(handler));
  const storefront = toNodeListener(shop);
  const card = toNodeListener(challenge);
  return (req, res) => {
    if (isDocsRequest(req.method, req.url)) return docs(req, res);
    if (isChallengeRequest(req.url)) return card(req, res);
    return (isShopRequest(req.url) ? storefront : api)(req, res);
  };
}

/**
 * The demo's node:http server, answering with whatever `listener()` is when a request comes: the server
 * listens before the app is wired, since the test card's pages and webhooks need the address it is bound to.
 */
function demoServer(listener: () => RequestListener): Server {
  const server = createServer(nodeServerOptions(), (req, res) => listener()(req, res));
  return server.on('clientError', answerClientError);
}

/** What the server answers until the app is wired (nothing reaches it before the start resolves). */
const notReady: RequestListener = (_req, res) => {
  res.writeHead(503, { 'Retry-After': '1' }).end();
};

/** How often the server sweeps stock holds whose time ran out. */
const SWEEP_MS = 30_000;

/** How long open connections get to finish on shutdown before they are cut. */
const DRAIN_MS = 5_000;

/** Listens with `server` on the environment's host and port. */
function listen(server: Server, env: Pick<DemoEnv, 'host' | 'port'>): Promise<DemoListener> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.port, env.host, () => {
      server.off('error', reject);
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address !== null ? address.port : env.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Idle keep-alive connections would hold close() open; busy ones get DRAIN_MS to finish.
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), DRAIN_MS).unref();
          }),
      });
    });
  });
}

/**
 * Reads `vars`, opens the stores they name, wires the demo app over them and serves it over node:http, then
 * prints the banner. Answers the environment's errors; rejects (with the stores closed) when a store cannot be
 * opened or the port cannot be bound.
 *
 * @example
 * ```ts
 * const started = await startDemoServer({ PORT: '0', CARTWRIGHT_API_KEY: generateApiKey() });
 * ```
 */
export async function startDemoServer(
  vars: NodeJS.ProcessEnv = process.env,
  options: StartDemoOptions = {},
): Promise<Result<RunningDemo, FieldErrors>> {
  const read = readDemoEnv(vars);
  if (read.isErr()) return err(read.error);
  const env = read.value;
  const prepared = prepareDemoStore(env);
  if (prepared.isErr()) return err(prepared.error);
  const stores = await openDemoStores(env, prepared.value, options);
  let listener: DemoListener | undefined;
  let app: DemoApp;
  let events: DemoSinks | undefined;
  let dispatcher: Dispatcher | undefined;
  try {
    // The server is sized for the handler's limits, so it answers oversized query strings and headers itself
    // (413 / 431). It listens first: the test card's challenge pages and webhooks are at its address.
    let serve = notReady;
    listener = await listen(
      demoServer(() => serve),
      env,
    );
    // The shop's card method, in test mode: its webhooks are signed with a secret of this process.
    const card = createShopCard({
      origin: baseUrl(env.host, listener.port),
      webhookSecret: randomBytes(32).toString('base64url'),
    });
    app = wireDemoApp(
      prepared.value,
      { ...env, clock: options.clock, logger: options.logger, shopCard: card },
      stores,
    );
    // The events of the orders written here go out from this process, unless another runs `npm run dispatch`.
    if (vars.CARTWRIGHT_DISPATCH !== 'off') {
      events = await openDemoSinks(vars);
      dispatcher = startDemoDispatcher(stores.postgres?.outbox ?? app.adapters.outbox, events.sinks);
    }
    // The rendered API reference at /docs, the storefront at /shop and the test card's challenge pages sit in
    // front of the handler; every other request reaches it.
    serve = demoListener(app.handler, createDemoShop(app, stores), card.provider.challenge);
  } catch (error) {
    await listener?.close();
    await dispatcher?.stop();
    await events?.close();
    await stores.close();
    throw error;
  }
  const opened = listener;
  const description = [...stores.description, ...(events?.description ?? [])];
  printBanner('node:http', env, opened.port, { stores: description, log: options.log });
  // Stock held for card payments whose customer never came back is released when its stock is next read; the
  // sweep releases the rest and marks their payments expired. Several servers may sweep one store at once.
  const sweeper = setInterval(() => {
    void app.checkout
      .sweep()
      .mapErr((error) => (options.logger ?? console).error('cartwright: sweep failed', error));
  }, SWEEP_MS);
  sweeper.unref();
  let closing: Promise<void> | undefined;
  return ok({
    env,
    app,
    stores,
    port: opened.port,
    url: `${baseUrl(env.host, opened.port)}/index.php`,
    close() {
      clearInterval(sweeper);
      closing ??= opened
        .close()
        .then(() => dispatcher?.stop())
        .then(() => events?.close())
        .finally(() => stores.close());
      return closing;
    },
  });
}

/**
 * `npm start`'s main: starts the server from `process.env` (exiting 1 with the reasons when it cannot), and on
 * SIGINT or SIGTERM stops listening, closes the PostgreSQL pool and the Redis client, and exits 0. A second
 * signal exits at once.
 */
export async function runDemoServer(): Promise<void> {
  let started: Result<RunningDemo, FieldErrors>;
  try {
    started = await startDemoServer();
  } catch (error) {
    console.error(`The demo server cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (started.isErr()) return exitWithErrors(started.error);
  const running = started.value;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal}: closing the server and the stores…`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
