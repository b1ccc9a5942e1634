/**
 * `npm start` as its own process (`node --import tsx examples/shared/start.ts`), so that a test can see
 * whether a store fault ends it: its exit is watched, its output kept for the failure message.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A running `npm start`. */
export interface ChildServer {
  /** The entry point the banner named. */
  readonly url: string;
  /** The exit code (or signal) once the process ended; undefined while it runs. */
  exit(): string | undefined;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM (a clean shutdown) and waits for the exit; SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<string>;
  /** Kills whatever of `npm start` is left (npm, the shell, node: the process group), for a test's clean-up. */
  killAll(): void;
}

/** Waits for the banner's `listening on <url>` line; rejects when the process ends first or takes too long. */
function bannerUrl(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not start:\n${output()}`)), timeoutMs);
    const look = () => {
      const found = /listening on (http:\/\/\S+)/.exec(output());
      if (found?.[1] === undefined) return;
      clearTimeout(timer);
      resolve(found[1]);
    };
    child.stdout?.on('data', look);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`npm start ended before listening:\n${output()}`));
    });
  });
}

/**
 * Starts `npm start`'s server with `env` laid over this process's environment (`PORT` 0: a free port): the node
 * process itself, or, with `via: 'npm'`, `npm start` as a user runs it (npm, then the shell, then node), whose
 * `stop()` then signals npm.
 */
export async function startChildServer(
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  via: 'node' | 'npm' = 'node',
): Promise<ChildServer> {
  const [command, args] =
    via === 'npm'
      ? ['npm', ['start', '--silent']]
      : [process.execPath, ['--import', 'tsx', 'examples/shared/start.ts']];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // npm, the shell and node in a group of their own, so that a test can end them all whatever happened.
    detached: via === 'npm',
  });
  const killAll = () => {
    try {
      if (via === 'npm' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  };
  const chunks: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  const output = () => chunks.join('');
  let exit: string | undefined;
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = signal ?? String(code);
      resolve(exit);
    });
  });
  try {
    const url = await bannerUrl(child, output, timeoutMs);
    return {
      url,
      exit: () => exit,
      output,
      async stop(graceMs = 10_000) {
        if (exit !== undefined) return exit;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        const code = await exited;
        clearTimeout(timer);
        return code;
      },
      killAll,
    };
  } catch (error) {
    killAll();
    throw error;
  }
}
