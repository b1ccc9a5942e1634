/**
 * The domain and money keep no state between calls: no module-level `let` or `var`, no table (`Map`, `Set`,
 * `WeakMap`, `WeakSet`) made when a module loads, no module-level object or array changed later, nothing made by
 * a factory that could keep state. What is worth keeping between requests is kept in the checkout's own cache,
 * which the engine owns. Checked over every source file with the TypeScript parser (see `module-state.ts`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleState } from './module-state.js';

const root = join(import.meta.dirname, '../../src');

/** Every TypeScript source file under `src/<folder>`, as a path under src/. */
function sourcesOf(folder: string): string[] {
  return (readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(folder, file));
}

/** `file:line what` for each piece of module-level state in `files`. */
function stateIn(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    moduleState(file, readFileSync(join(root, file), 'utf8')).map(
      ({ line, what }) => `${file}:${line} ${what}`,
    ),
  );
}

describe('no module-level state in the domain and money', () => {
  const files = [...sourcesOf('domain'), ...sourcesOf('money')];

  it('reads every source file of both', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('no source file of src/domain or src/money keeps state at module level', () => {
    expect(stateIn(files)).toEqual([]);
  });
});

describe('what the check finds (planted cases)', () => {
  const found = (text: string) => moduleState('planted.ts', text).map((state) => state.what);

  it('a module-level let or var, even one never changed', () => {
    expect(found('let lastTime: number | undefined;\nexport const f = () => lastTime;')).toHaveLength(1);
    expect(found('var count = 0;')).toHaveLength(1);
  });

  it('a table made when the module loads, alone or inside a constant', () => {
    for (const kind of ['Map', 'Set', 'WeakMap', 'WeakSet']) {
      expect(found(`const seen = new ${kind}();`)).toHaveLength(1);
    }
    expect(found('const tables = { byId: new Map<number, string>() };')).toHaveLength(1);
  });

  it('a module-level array or object changed by a function', () => {
    expect(found('const kept: string[] = [];\nexport function f(x: string) { kept.push(x); }')).toHaveLength(
      1,
    );
    expect(found('const last = { value: 0 };\nexport function f() { last.value += 1; }')).toHaveLength(1);
    expect(
      found('const byKey: Record<string, number> = {};\nexport const f = (k: string) => { byKey[k] = 1; };'),
    ).toHaveLength(1);
    expect(
      found('const table = boundedTable(8);\nexport const f = (k: string) => table.keep(k, 1);'),
    ).toHaveLength(1);
  });

  it('state kept by a factory or a function run when the module loads', () => {
    expect(
      found("import { createInstantReader } from './instant.js';\nconst readNow = createInstantReader();"),
    ).toHaveLength(1);
    const factory = (body: string) => `function createReader() { ${body} }\nconst read = createReader();`;
    expect(found(factory('let last = 0; return () => last++;'))).toHaveLength(1);
    expect(found(factory('return (x: number) => x + 1;'))).toEqual([]);
    expect(found('const next = (() => { let n = 0; return () => n++; })();')).toHaveLength(1);
  });

  it('not read-only data, functions, or a local that shares a module-level name', () => {
    expect(found('const codes = Object.freeze([1, 2]);\nexport const f = () => codes.includes(1);')).toEqual(
      [],
    );
    expect(
      found('const limit = 8;\nexport function f() { const seen = new Map(); seen.set(1, limit); }'),
    ).toEqual([]);
    expect(found('const names = [1];\nexport function f(names: number[]) { names.push(1); }')).toEqual([]);
    expect(found('export function f() { let n = 0; n += 1; return n; }')).toEqual([]);
  });
});
