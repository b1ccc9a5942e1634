/**
 * The contract suite every {@link IdGenerator} must pass: run it from the generator's test file with the host's
 * test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { IdGenerator, IdKind } from '../ports/id-generator.js';
import { type CleanableFixture, fixtureCase, type TestApi } from './test-api.js';

/** An id generator, for one case. */
export interface IdGeneratorFixture extends CleanableFixture {
  /** The generator under test. */
  readonly ids: IdGenerator;
}

/** How many ids of each kind the cases draw. */
const DRAWS = 10_000;
/** How many session ids the randomness case looks at. */
const SAMPLE = 2_000;
/** The characters a session id may hold. */
const SESSION_ID = /^[A-Za-z0-9_-]+$/;

/**
 * An estimate of the random bits of ids drawn from the same generator: the sum, over character positions, of
 * log2 of how many different characters the sample shows there. A counter shows one character in its leading
 * positions; random base64url shows about 64 in each; a UUID's fixed dashes and version digits show one.
 */
function visibleBits(sample: readonly string[]): number {
  const width = Math.min(...sample.map((id) => id.length));
  let bits = 0;
  for (let position = 0; position < width; position += 1) {
    const seen = new Set(sample.map((id) => id[position]));
    bits += Math.log2(seen.size);
  }
  return bits;
}

/**
 * Registers the {@link IdGenerator} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: ids are non-empty strings that never repeat within a kind (10,000 of
 * each are drawn); session ids use `[A-Za-z0-9_-]` only (they travel in cookies and query strings) and carry at
 * least 128 bits of randomness, estimated from the variety of characters 2,000 of them show in each position:
 * a counter, a timestamp or a UUID (122 random bits) falls short. A generator meant only for tests
 * (`createSequentialIds`) fails that case, as it should.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the generator in the suite title.
 * @param setup - Builds the generator.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeIdGeneratorContract } from 'cartwright/testing';
 *
 * describeIdGeneratorContract({ describe, it }, 'my ids', async () => ({ ids: createMyIdGenerator() }));
 * ```
 */
export function describeIdGeneratorContract(
  t: TestApi,
  name: string,
  setup: () => Promise<IdGeneratorFixture>,
): void {
  const test = fixtureCase<IdGeneratorFixture>(t, setup);

  t.describe(`IdGenerator contract: ${name}`, () => {
    for (const kind of ['session', 'cart'] as IdKind[]) {
      test(`${kind} ids are non-empty strings that never repeat`, async ({ ids }) => {
        const seen = new Set<string>();
        for (let i = 0; i < DRAWS; i += 1) {
          const id: unknown = ids.newId(kind);
          assert.equal(typeof id, 'string', `a ${kind} id must be a string, got ${String(id)}`);
          assert.notEqual(id, '', `a ${kind} id must not be empty`);
          assert.ok(!seen.has(id as string), `the ${kind} id ${String(id)} repeated after ${i} ids`);
          seen.add(id as string);
        }
      });
    }

    test('session ids use [A-Za-z0-9_-] only', async ({ ids }) => {
      for (let i = 0; i < DRAWS; i += 1) {
        const id = ids.newId('session');
        assert.match(id, SESSION_ID, `the session id ${JSON.stringify(id)} holds other characters`);
      }
    });

    test('session ids carry at least 128 bits of randomness', async ({ ids }) => {
      const sample = Array.from({ length: SAMPLE }, () => ids.newId('session'));
      const bits = visibleBits(sample);
      assert.ok(
        bits >= 128,
        `session ids show about ${bits.toFixed(1)} random bits; at least 128 are needed`,
      );
    });
  });
}
