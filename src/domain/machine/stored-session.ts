/**
 * Reading a session back from a store: a store keeps whatever JSON it was given and knows nothing of the
 * session's shape, so what it hands back is checked here — brought up to the current `schemaVersion` by the
 * migrations, then checked whole — before the engine uses it. Nothing a store holds can crash the engine.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutSession, sessionSchemaVersion } from './session.js';
import { storedSessionSchema } from './session-schema.js';

/** Why a stored session cannot be used. */
export type StoredSessionFault =
  /** Written by a newer release (a rolling deploy, a rollback): a server of that release can read it. */
  | { readonly reason: 'newer'; readonly schemaVersion: number }
  /** Written by an older release whose shape no migration brings forward. */
  | { readonly reason: 'older'; readonly schemaVersion: number }
  /** Not a session of any version: damaged, or written by something else. `issue` says where. */
  | { readonly reason: 'malformed'; readonly issue: string };

/** Brings a stored session of `schemaVersion` `from` to `from + 1`; pure, and given a plain JSON object. */
export interface SessionMigration {
  readonly from: number;
  migrate(stored: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/**
 * The shipped migrations, one per `schemaVersion` step. Version 1 is the first shape, so there are none yet;
 * a release that changes the shape bumps `sessionSchemaVersion` and adds the step from the previous one here.
 */
export const sessionMigrations: readonly SessionMigration[] = [];

/** `value` as a plain object, or undefined. */
function plainObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The stored object brought to the current version, or why it cannot be. */
function migrated(
  stored: Record<string, unknown>,
  migrations: readonly SessionMigration[],
): Result<Record<string, unknown>, StoredSessionFault> {
  let current = stored;
  for (;;) {
    const version = current.schemaVersion;
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
      return err({ reason: 'malformed', issue: 'schemaVersion: not a whole number' });
    }
    if (version === sessionSchemaVersion) return ok(current);
    if (version > sessionSchemaVersion) return err({ reason: 'newer', schemaVersion: version });
    const step = migrations.find((migration) => migration.from === version);
    if (step === undefined) return err({ reason: 'older', schemaVersion: version });
    current = { ...step.migrate(current), schemaVersion: version + 1 };
  }
}

/**
 * The session a store handed back, checked: migrated to the current `schemaVersion` when it is older, then
 * checked whole against the current shape. A session that passes is returned as stored (keys the schema does
 * not know are kept); one that does not is a {@link StoredSessionFault}, never an exception.
 *
 * @param value - What the store's `get` answered as the session.
 * @param migrations - The steps to apply; default the shipped {@link sessionMigrations}.
 */
export function parseStoredSession(
  value: unknown,
  migrations: readonly SessionMigration[] = sessionMigrations,
): Result<CheckoutSession, StoredSessionFault> {
  const stored = plainObject(value);
  if (stored === undefined) return err({ reason: 'malformed', issue: '(session): not an object' });
  return migrated(stored, migrations).andThen((current): Result<CheckoutSession, StoredSessionFault> => {
    const checked = storedSessionSchema.safeParse(current);
    if (checked.success) return ok(current as unknown as CheckoutSession);
    const issue = checked.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    return err({
      reason: 'malformed',
      issue: `${where === '' ? '(session)' : where}: ${issue?.message ?? ''}`,
    });
  });
}
