/**
 * `npm start` with `CARTWRIGHT_API_SIGNING=opencart`: user `demo` may then sign its requests with
 * `CARTWRIGHT_API_KEY` as the secret (and still log in with it); without the variable it may not; any other
 * value is refused at start-up.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { readDemoEnv } from '../../../examples/shared/demo-env.js';
import { startDemoServer } from '../../../examples/shared/demo-main.js';
import { createManualClock } from '../../../src/testing/index.js';
import { guest } from '../support/harness.js';
import { createSigningClient } from '../support/signing-client.js';

const key = 'demo-server-signing-key-0123456789abcdef';

/** Starts the main job in memory on a free port with `vars`; answers its origin and banner. */
async function start(vars: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const started = await startDemoServer(
    { HOST: '127.0.0.1', PORT: '0', CARTWRIGHT_API_KEY: key, ...vars },
    { log: (line) => lines.push(line) },
  );
  if (started.isErr()) throw new Error(`bad environment: ${JSON.stringify(started.error)}`);
  const demo = started.value;
  onTestFinished(() => demo.close());
  return { origin: new URL(demo.url).origin, banner: lines.join('\n') };
}

/** A client signing as `demo` with the real time, as an OpenCart 4.1 client would. */
const clientFor = (origin: string) =>
  createSigningClient({
    origin,
    username: 'demo',
    secret: key,
    clock: createManualClock(new Date().toISOString()),
  });

describe('npm start with CARTWRIGHT_API_SIGNING', () => {
  it('lets demo sign its requests with its key when set to opencart, and says so', async () => {
    const { origin, banner } = await start({ CARTWRIGHT_API_SIGNING: 'opencart' });
    expect(banner).toContain('Signed requests: demo may sign each request as OpenCart 4.1 clients do');
    const reply = await clientFor(origin).call('customer', guest);
    expect([reply.status, reply.body]).toEqual([200, { success: 'Customer data set successfully!' }]);
  });

  it('refuses demo signed requests without it', async () => {
    const { origin, banner } = await start({});
    expect(banner).not.toContain('Signed requests');
    expect((await clientFor(origin).call('customer', guest)).status).toBe(401);
  });

  it('refuses any other value at start-up', () => {
    expect(readDemoEnv({ CARTWRIGHT_API_SIGNING: 'yes' })._unsafeUnwrapErr()).toEqual({
      CARTWRIGHT_API_SIGNING: 'CARTWRIGHT_API_SIGNING must be opencart, or unset!',
    });
    expect(readDemoEnv({ CARTWRIGHT_API_SIGNING: ' opencart ' })._unsafeUnwrap().apiSigning).toBe('opencart');
    expect(readDemoEnv({})._unsafeUnwrap().apiSigning).toBeUndefined();
  });
});
