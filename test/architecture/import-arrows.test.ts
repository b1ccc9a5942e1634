/**
 * The import arrows between the layers, checked over every source file: `money` imports nothing of ours, `domain`
 * nothing but money; `ports` only domain and money types; `engine` never an adapter or the HTTP layer; adapters
 * never the engine or HTTP; `http` talks to the engine's public interface and the checkout the composition root
 * (`compose`) makes, never to adapters; the composition root wires everything but HTTP.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src');

/** Every relative import of every source file, as `{ from, to }` paths under src/ (`domain/tax.ts`). */
function edges(): readonly { from: string; to: string }[] {
  const files = (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[]).filter((file) =>
    /\.ts$/.test(file),
  );
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
      (m) => m[1],
    );
    return specifiers.flatMap((specifier) =>
      specifier === undefined
        ? []
        : [{ from: file, to: relative(root, normalize(join(root, dirname(file), specifier))) }],
    );
  });
}

/** The top folder of a path under src/ (`adapters/memory/x.ts` → `adapters`). */
const layer = (path: string) => path.split(/[\\/]/)[0] ?? '';

/** What each layer may import of ours, besides itself. */
const allowed: Readonly<Record<string, readonly string[]>> = {
  money: [],
  domain: ['money'],
  ports: ['domain', 'money'],
  operations: ['domain', 'money', 'ports'],
  extensions: ['domain', 'money', 'ports'],
  engine: ['domain', 'money', 'ports', 'operations'],
  adapters: ['domain', 'money', 'ports'],
  http: ['domain', 'money', 'ports', 'engine', 'operations', 'compose'],
  compose: ['domain', 'money', 'ports', 'engine', 'operations', 'extensions', 'adapters'],
  demo: ['domain', 'money', 'ports', 'adapters'],
  testing: ['domain', 'money', 'ports'],
};

describe('import arrows', () => {
  it('finds the imports it checks', () => {
    expect(edges().length).toBeGreaterThan(500);
  });

  it('no layer imports against the arrows', () => {
    const wrong = edges()
      .filter(({ from, to }) => {
        const source = layer(from);
        const target = layer(to);
        if (source === target || !(source in allowed)) return false;
        return !(allowed[source] ?? []).includes(target);
      })
      .map(({ from, to }) => `${from} → ${to}`);
    expect(wrong).toEqual([]);
  });
});
