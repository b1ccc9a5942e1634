/**
 * The process must never die of a store fault. Inside the test runner an unhandled `'error'` event or rejection
 * would not end the process, so this guard records each one, and every test of the file fails when one happened
 * during it.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** Registers the guard for the calling test file. */
export function guardProcess(): void {
  const escaped: string[] = [];
  const record = (kind: string) => (error: unknown) => {
    escaped.push(`${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  const onException = record('uncaught exception');
  const onRejection = record('unhandled rejection');
  beforeAll(() => {
    process.on('uncaughtException', onException);
    process.on('unhandledRejection', onRejection);
  });
  afterEach(() => {
    const seen = escaped.splice(0);
    expect(seen, 'errors that would have ended the process').toEqual([]);
  });
  afterAll(() => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  });
}
