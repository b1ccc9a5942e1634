/**
 * The contract suite every {@link GeoDirectory} adapter must pass: run it from the adapter's test file with the
 * host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { Country, GeoZone } from '../domain/records/geo.js';
import type { GeoDirectory } from '../ports/geo-directory.js';
import type { FailableFixture } from './directory-contracts/failing-store.js';
import { type GeoSeed, seedGeography } from './directory-contracts/geo-seed.js';
import { expectEveryCallRejects, failedStore } from './port-failures.js';
import { seededCase } from './seeded-case.js';
import { tamper } from './tamper.js';
import type { TestApi } from './test-api.js';

/** A geo directory over freshly seeded data, for one case. */
export interface GeoDirectoryFixture extends FailableFixture<GeoDirectory> {
  /** The directory under test, reading exactly the seed it was set up with. */
  readonly geo: GeoDirectory;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the directory over it. */
export type GeoDirectorySetup = (seed: GeoSeed) => Promise<GeoDirectoryFixture>;

/** The country with its zones in id order (the port promises every zone, in no particular order). */
function comparableCountry(country: Country | undefined): Country | undefined {
  return country === undefined
    ? undefined
    : { ...country, zones: [...country.zones].sort((a, b) => a.zoneId - b.zoneId) };
}

/** The geo zones in id order, each with its members in one order (the port promises no order). */
function comparableZones(zones: readonly GeoZone[]): GeoZone[] {
  const byMember = (a: GeoZone['members'][number], b: GeoZone['members'][number]) =>
    a.countryId - b.countryId || a.zoneId - b.zoneId;
  return [...zones]
    .sort((a, b) => a.geoZoneId - b.geoZoneId)
    .map((zone) => ({ ...zone, members: [...zone.members].sort(byMember) }));
}

/**
 * Registers the {@link GeoDirectory} contract cases under one `describe`. Every case builds the geography seed
 * (the United Kingdom with a disabled zone, a disabled Singapore without zones, Germany; three geo zones, one
 * without members), calls `setup` with it for a fresh fixture and calls its `cleanup` afterwards. Assertions use
 * `node:assert/strict`.
 *
 * The cases check what the port promises: a country whatever its status, with every one of its zones (disabled
 * ones too; the rules judge them); every geo zone with its members, an empty one included; records that cannot
 * change the store; and, when the fixture offers a failed store, rejections with an `Error` in time.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the directory over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeGeoDirectoryContract } from 'cartwright/testing';
 *
 * describeGeoDirectoryContract({ describe, it }, 'my geography', async (seed) => ({
 *   geo: createMyGeoDirectory(await tablesHolding(seed)),
 * }));
 * ```
 */
export function describeGeoDirectoryContract(t: TestApi, name: string, setup: GeoDirectorySetup): void {
  const test = seededCase(t, seedGeography, setup);
  const seededCountry = (seed: GeoSeed, countryId: number) =>
    comparableCountry(seed.countries.find((c) => c.countryId === countryId));

  t.describe(`GeoDirectory contract: ${name}`, () => {
    test('getCountry answers the country as seeded, whatever its status, with every zone', async ({
      geo,
    }, seed) => {
      for (const countryId of [222, 188, 81]) {
        assert.deepStrictEqual(
          comparableCountry(await geo.getCountry(countryId)),
          seededCountry(seed, countryId),
          `country ${countryId}`,
        );
      }
      assert.equal(await geo.getCountry(1), undefined, 'an unknown country');
    });

    test('getGeoZones answers every geo zone with its members, one without members too', async ({
      geo,
    }, seed) => {
      assert.deepStrictEqual(comparableZones(await geo.getGeoZones()), comparableZones(seed.geoZones));
    });

    test('a record handed out cannot change the store: a change is refused or never read back', async ({
      geo,
    }, seed) => {
      tamper(await geo.getCountry(222));
      tamper(await geo.getGeoZones());
      assert.deepStrictEqual(
        comparableCountry(await geo.getCountry(222)),
        seededCountry(seed, 222),
        'country 222',
      );
      assert.deepStrictEqual(
        comparableZones(await geo.getGeoZones()),
        comparableZones(seed.geoZones),
        'the geo zones',
      );
    });

    test('when its store has failed, every method rejects with an Error in time (never an empty answer)', async (fixture) => {
      const geo = await failedStore(fixture);
      await expectEveryCallRejects([
        ['getCountry', () => geo.getCountry(222)],
        ['getGeoZones', () => geo.getGeoZones()],
      ]);
    });
  });
}
