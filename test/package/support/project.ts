/**
 * Scratch consumer projects for the package tests: an empty directory with a package.json, the commands run
 * in it, and the TypeScript compiler installed there (the consumer's own, never this repository's).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root: what the tests pack and install. */
export const root = resolve(import.meta.dirname, '../../..');

/** The TypeScript and Node types a consumer project installs beside cartwright. */
export const consumerTooling = ['typescript@~5.9.3', '@types/node@^20.19'] as const;

/**
 * Runs `command` in `cwd`, answering its standard output; a non-zero exit throws with the output attached.
 */
export function run(
  command: string,
  args: readonly string[],
  cwd: string,
  env?: Readonly<Record<string, string>>,
): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: env === undefined ? process.env : { ...process.env, ...env },
    });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${failed.message}\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}`);
  }
}

/** An empty project in a temporary directory. */
export interface ScratchProject {
  readonly dir: string;
  /** Writes `text` to `name` (relative to the project). */
  write(name: string, text: string): void;
  /** `npm install` of `specs` into the project, from the cache where it can. */
  install(specs: readonly string[]): void;
  /** Runs node on `file` (relative to the project) with `args`; answers its standard output. */
  node(file: string, ...args: string[]): string;
  /** {@link ScratchProject.node} with `env` added to the environment. */
  nodeWith(env: Readonly<Record<string, string>>, file: string, ...args: string[]): string;
  /** Runs the project's own `tsc` with `args`; answers its output. */
  tsc(...args: string[]): string;
  /** Deletes the directory. */
  remove(): void;
}

/** Creates an empty project named `name` (a private package.json) in a new temporary directory. */
export function createScratchProject(name: string): ScratchProject {
  const dir = mkdtempSync(join(tmpdir(), `cartwright-${name}-`));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true }));
  return {
    dir,
    write(file, text) {
      writeFileSync(join(dir, file), text);
    },
    install(specs) {
      run('npm', ['install', ...specs, '--prefer-offline', '--no-audit', '--no-fund'], dir);
    },
    node(file, ...args) {
      return run(process.execPath, [file, ...args], dir);
    },
    nodeWith(env, file, ...args) {
      return run(process.execPath, [file, ...args], dir, env);
    },
    tsc(...args) {
      return run(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), ...args], dir);
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
