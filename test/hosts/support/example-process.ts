/**
 * Starts an example through its npm script (`npm run example:<name>`) as a process of its own, on a free port of
 * 127.0.0.1, and stops it (its whole process group: npm, the shell, the runtime) when the test ends.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { onTestFinished } from 'vitest';

/** The key of API user `demo` in every example run. */
export const exampleApiKey = 'example-key-0123456789abcdef0123456789abcdef';

/** A running example. */
export interface RunningExample {
  /** The entry point, `http://127.0.0.1:<port>/index.php`. */
  readonly url: string;
  readonly origin: string;
  /** Everything the process printed so far. */
  output(): string;
}

/** A port that was free a moment ago (for runtimes that cannot report the one they bound). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Ends the process group of `child` (it was started detached, as its own group). */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
    return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** Resolves once `origin` accepts HTTP requests; rejects when the process ends first or after `ms`. */
async function whenServing(origin: string, child: ChildProcess, output: () => string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the example exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(`${origin}/index.php`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`the example did not serve ${origin} in time:\n${output()}`);
}

/**
 * Runs `npm run example:<name>` with `PORT` set to a free port and waits until it serves HTTP (up to `waitMs`,
 * default 90 s; an example that builds first needs longer). The process is stopped when the test ends.
 */
export async function startExample(name: string, waitMs = 90_000): Promise<RunningExample> {
  const port = await freePort();
  const child = spawn('npm', ['run', '--silent', `example:${name}`], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CARTWRIGHT_API_KEY: exampleApiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  onTestFinished(() => stop(child));
  const origin = `http://127.0.0.1:${port}`;
  await whenServing(origin, child, () => printed, waitMs);
  return { url: `${origin}/index.php`, origin, output: () => printed };
}
