/**
 * Command-line options of the bench scripts.
 */

/** A whole number ≥ 1 from the option `name` of `values` (`parseArgs`'), or exit 2 naming it. */
export function wholeOption(values: Readonly<Record<string, unknown>>, name: string): number {
  const value = Number(values[name]);
  if (!Number.isSafeInteger(value) || value < 1) {
    console.error(`--${name} must be a whole number of at least 1`);
    process.exit(2);
  }
  return value;
}

/**
 * A run's clean-ups (its schema, streams, exchanges, connections), undone last first by `cleanUp()`, also when
 * the run is interrupted (Ctrl-C): a benchmark leaves nothing of its own on the shared servers.
 */
export function runCleanups(): { readonly cleanups: (() => Promise<unknown>)[]; cleanUp(): Promise<void> } {
  const cleanups: (() => Promise<unknown>)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => console.error('cleanup:', error));
    }
  };
  process.once('SIGINT', () => {
    void cleanUp().finally(() => process.exit(130));
  });
  return { cleanups, cleanUp };
}
