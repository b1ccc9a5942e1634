/**
 * `npm start` stops when it is told to: SIGTERM to the npm process (what a process manager, a container's stop
 * or a terminal's kill sends) reaches the server under it, which stops listening, closes the stores and exits 0,
 * and so does npm. The script runs node in place of the shell npm starts it with, so no server is left behind.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startChildServer } from '../../faults/support/child-server.js';

/** Whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

describe('npm start and SIGTERM', () => {
  it('SIGTERM to npm closes the server gracefully, and npm exits 0', async () => {
    const server = await startChildServer(
      { CARTWRIGHT_API_KEY: 'stop-signal-key-0123456789abcdef0123456789' },
      90_000,
      'npm',
    );
    onTestFinished(() => server.killAll());
    expect(await answers(server.url)).toBe(true);
    expect(await server.stop(15_000)).toBe('0');
    expect(server.output()).toContain('SIGTERM: closing the server and the stores…');
    expect(await answers(server.url)).toBe(false);
  });
});
