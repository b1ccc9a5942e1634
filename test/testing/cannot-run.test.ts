/**
 * A contract case that cannot run says so: the failure cases on a fixture that offers no failed store are
 * reported skipped, with the reason, by vitest, by node:test and by any runner whose context has `skip`; a
 * runner with no skip on its context gets a failure naming the reason. Never a pass that checked nothing.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createMemoryCatalog } from '../../src/adapters/memory/index.js';
import type { Catalog } from '../../src/ports/catalog.js';
import { describeCatalogContract } from '../../src/testing/index.js';
import { cannotRun, runCase } from '../../src/testing/test-api.js';
import { captureCases, failedNames, runCases, skippedNames } from '../contract/support/capture.js';
import { catalogStore } from '../contract/support/seeded-store.js';

const failureCase =
  'when its store has failed, every method rejects with an Error in time (never an empty answer)';
const reason =
  'the fixture offers no failed store or service (`unavailable`), so there is no failure to check';

/** `text` as a regular expression that matches it literally. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalog suite's cases on the memory catalog, with a failed store or without. */
function catalogCases(unavailable?: () => Promise<Catalog>) {
  return captureCases((t) =>
    describeCatalogContract(t, 'memory', async (seed) => ({
      catalog: createMemoryCatalog(catalogStore(seed)),
      ...(unavailable === undefined ? {} : { unavailable }),
    })),
  );
}

describe('a contract case that cannot run', () => {
  it('is skipped with its reason when the fixture offers no failed store, and every other case runs', async () => {
    const results = await runCases(catalogCases());
    expect(skippedNames(results)).toEqual([failureCase]);
    expect(results.find((r) => r.name === failureCase)?.skipped).toBe(reason);
    expect(failedNames(results)).toEqual([]);
    expect(results.filter((r) => r.skipped === undefined && r.error === undefined).length).toBe(
      results.length - 1,
    );
  });

  it('runs when the fixture offers a failed store: it passes on one that rejects, fails on one that answers', async () => {
    const rejecting = async (): Promise<Catalog> => {
      const fail = () => Promise.reject(new Error('the store is down'));
      return {
        getProducts: fail,
        getManufacturer: fail,
        listManufacturers: fail,
        countManufacturers: fail,
        listProducts: fail,
        countProducts: fail,
        getCategories: fail,
      };
    };
    const passing = await runCases(catalogCases(rejecting));
    expect(skippedNames(passing)).toEqual([]);
    expect(failedNames(passing)).toEqual([]);

    const answering = async (): Promise<Catalog> =>
      createMemoryCatalog(catalogStore({ products: [], manufacturers: [], categories: [] }));
    const failing = await runCases(catalogCases(answering));
    expect(failedNames(failing)).toEqual([failureCase]);
  });

  it('hands the reason to a runner whose skip throws (as vitest does), and lets its signal through', async () => {
    const signal = new Error('the runner stopped the case');
    let skippedWith: string | undefined;
    const context = {
      skip(note: string): never {
        skippedWith = note;
        throw signal;
      },
    };
    await expect(runCase(context, async () => cannotRun('no way to fail the store'))).rejects.toBe(signal);
    expect(skippedWith).toBe('no way to fail the store');
  });

  it('fails, naming the reason, under a runner that hands the case no skip (never a pass)', async () => {
    await expect(runCase(undefined, async () => cannotRun('no way to fail the store'))).rejects.toThrow(
      /cannot run: no way to fail the store .*reported as failed, not passed/,
    );
    await expect(runCase(undefined, async () => undefined)).resolves.toBeUndefined();
    const failure = new Error('a real failure');
    await expect(runCase({ skip: () => undefined }, async () => Promise.reject(failure))).rejects.toBe(
      failure,
    );
  });

  it('is reported as skipped, with the reason, by node:test', async () => {
    const file = fileURLToPath(new URL('./support/node-test-catalog.ts', import.meta.url));
    const run = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-reporter=tap', file],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        timeout: 120_000,
      },
    );
    expect(run.stdout).toMatch(
      new RegExp(`^ *ok \\d+ - ${literally(failureCase)} # SKIP ${literally(reason)}$`, 'm'),
    );
    expect(run.stdout).toMatch(/^# skipped 1$/m);
    expect(run.stdout).toMatch(/^# fail 0$/m);
    expect(run.stdout).toMatch(/^# pass 17$/m);
  });
});
