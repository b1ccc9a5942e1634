/**
 * docs/configuration.md lists every setting the code accepts, and nothing else: the `config_*` names of
 * `applyStoreConfig`, the fields of the built-in extensions' `ExtensionConfig`, and the environment variables
 * the example servers and the demo script read (found in their source). The page's tables are parsed: the
 * first column of the store-settings and environment tables, the second of the extension table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { applyStoreConfig, storeConfigNames } from '../../src/domain/settings/parse.js';

const root = join(import.meta.dirname, '../..');
const page = readFileSync(join(root, 'docs/configuration.md'), 'utf8');

/** The rows of the table under the heading `heading` (text after `## `), as cells without their backticks. */
function tableUnder(heading: string): string[][] {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/configuration.md has no section "${heading}"`);
  const end = page.indexOf('\n## ', start + 1);
  const section = page.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1) // the header row
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** The backticked names of a cell (`HOST`, `PORT` gives both). */
const namesIn = (cell: string | undefined): string[] =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

/** Every field path of an extension config (`shipping.flat.cost`); money and lists count as one field. */
function fieldPaths(value: unknown, path = ''): string[] {
  const isLeaf =
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    ('amount' in value && 'currency' in value);
  if (isLeaf) return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    fieldPaths(child, path === '' ? key : `${path}.${key}`),
  );
}

/** The variables a source file reads: `CARTWRIGHT_*` names anywhere, and `env.X` / `process.env.X` reads. */
function variablesIn(source: string): string[] {
  const named = [...source.matchAll(/\bCARTWRIGHT_[A-Z0-9_]+\b/g)].map((m) => m[0]);
  const read = [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1] ?? '');
  return [...named, ...read];
}

/** Every `.ts` file under `dir`, recursively. */
function sources(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(root, dir, file), 'utf8'));
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe('docs/configuration.md', () => {
  it('lists every config_* setting applyStoreConfig accepts, and no other', () => {
    const documented = tableUnder('Store settings (`config_*`)').flatMap((row) => namesIn(row[0]));
    expect(storeConfigNames.length).toBeGreaterThanOrEqual(22);
    expect(sorted(documented)).toEqual(sorted(storeConfigNames));
  });

  it('says in its demo column what the demo store has (laying each over the demo changes nothing)', () => {
    const { settings } = demoStore();
    const rows = tableUnder('Store settings (`config_*`)');
    expect(rows.length).toBeGreaterThanOrEqual(22);
    for (const [name, , demo] of rows) {
      const [setting = ''] = namesIn(name);
      const [shown = ''] = namesIn(demo);
      // As the page writes it: JSON where it reads as JSON (flags, ids, lists), text otherwise.
      let value: unknown = shown;
      try {
        value = JSON.parse(shown);
      } catch {}
      const applied = applyStoreConfig(settings, { [setting]: value });
      expect(applied.isOk() ? applied.value : applied.error, `${setting}: ${shown}`).toEqual(settings);
    }
  });

  it('lists every field of the built-in extensions’ settings, and no other', () => {
    const rows = tableUnder('Extension settings');
    const documented = rows.flatMap((row) => namesIn(row[1]));
    const fields = fieldPaths(demoStore().data.extensions);
    expect(fields.length).toBeGreaterThan(50);
    // A list field (`shipping.weight.zones`) is documented by the rows of its items' fields
    // (`zones[].status`).
    const covered = (field: string) =>
      documented.some((name) => name === field || name.startsWith(`${field}[]`));
    expect(fields.filter((field) => !covered(field))).toEqual([]);
    const known = (name: string) => fields.some((field) => name === field || name.startsWith(`${field}[]`));
    expect(documented.filter((name) => !known(name))).toEqual([]);
    // Every row names the OpenCart setting it stands for.
    for (const row of rows) expect(namesIn(row[0])[0], row.join(' | ')).toMatch(/^(shipping|payment|total)_/);
  });

  it('lists every environment variable the example servers and the demo script read, and no other', () => {
    // NEXT_RUNTIME is Next.js's own (which runtime a module runs on), never set by whoever runs the example.
    const setByRuntime = new Set(['NEXT_RUNTIME']);
    const read = sorted(sources('examples').flatMap(variablesIn)).filter((name) => !setByRuntime.has(name));
    expect(read).toEqual(
      expect.arrayContaining(['HOST', 'PORT', 'CARTWRIGHT_API_KEY', 'CARTWRIGHT_REDIS_URL']),
    );
    const documented = [
      ...tableUnder('Environment of `npm start`'),
      ...tableUnder('Environment of `npm run demo`'),
    ].flatMap((row) => namesIn(row[0]));
    expect(sorted(documented)).toEqual(read);
  });
});
