/**
 * `npm run soak:events` at a small size: 30 orders through the HTTP flows on Redis and PostgreSQL, two dispatcher
 * processes, every sink taken down for a second through its proxy. The script checks every sink itself (lost,
 * duplicates, order per order, outages that failed deliveries) and exits 1 when a check fails; this test runs it
 * as a user does and fails with its output. The full size (10,000 orders) is run by hand, outside CI.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
let running: ChildProcess | undefined;
afterEach(() => {
  // A soak still running when the test gave up is told to stop: SIGINT makes it clean up what it made.
  if (running !== undefined && running.exitCode === null) running.kill('SIGINT');
});

/** Runs the soak script; answers its exit code and everything it printed. */
function soak(args: readonly string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/soak-events.ts', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running = child;
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

it('the events soak at 30 orders: every event to every sink through outages, 0 lost, order kept', async () => {
  const { code, output } = await soak([
    '--orders',
    '30',
    '--outage-seconds',
    '1',
    '--retry-first-ms',
    '200',
    '--retry-max-ms',
    '1000',
    '--drain-seconds',
    '60',
  ]);
  expect(output).toContain('30 distinct orders placed of 30');
  for (const sink of ['webhook', 'nats', 'rabbitmq']) {
    expect(output).toContain(`ok   ${sink}: 0 lost`);
    expect(output).toContain(`ok   ${sink}: 0 first arrivals out of sequence`);
    expect(output).toContain(`ok   ${sink}: the outages failed deliveries`);
  }
  expect(output).not.toContain('FAIL');
  expect(code, output).toBe(0);
}, 180_000);
