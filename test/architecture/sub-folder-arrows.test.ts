/**
 * The import arrows inside the layers, at sub-folder level: an adapter folder never imports another (the demo
 * store is a neutral snapshot in `src/demo` that the memory and the PostgreSQL adapters both load, and it imports
 * no store adapter itself); adapters import the domain's types only, never its code (but its one freezing
 * helper and its SHA-256); `http` imports the domain's types only. What does not hold yet is listed below, pair by pair: each list may only shrink (an entry that no
 * longer occurs fails the test, so it is taken off when the code is fixed).
 */
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importsOf, sourceImports } from './support/imports.js';

/** The folder under `adapters/` a path is in (`adapters/memory/x.ts` → `memory`), or undefined. */
function adapterFolder(path: string): string | undefined {
  const parts = path.split('/');
  return parts[0] === 'adapters' && parts.length > 2 ? parts[1] : undefined;
}

/** Cross-adapter imports allowed: none (a store bundle takes its in-process sessions from a shared module). */
const crossAdapterAllowed: ReadonlySet<string> = new Set<string>();

/** Adapter folders that import another adapter folder; the demo snapshot importing a store adapter. */
function crossAdapterImports(edges: readonly ImportEdge[]): string[] {
  return edges
    .filter(({ from, to }) => {
      const target = adapterFolder(to);
      if (target === undefined) return false;
      // The demo snapshot hashes its API user's key with the system adapter's hash, and loads into no store.
      if (from.startsWith('demo/')) return target !== 'system';
      const source = adapterFolder(from);
      return source !== undefined && source !== target;
    })
    .map(({ from, to }) => `${from} → ${to}`);
}

/**
 * The domain's helpers every layer may use: the one freezing helper (every layer freezes the values it hands out
 * with it, at its boundary) and the one SHA-256 (the runtime's own where it has one, the same digest everywhere).
 */
const sharedDomainCode: ReadonlySet<string> = new Set(['domain/deep-freeze.js', 'domain/sha256-hex.js']);

/** Imports of domain code (not types only) from files under `layer/`, but for the pairs in `allowed`. */
function domainCodeImports(edges: readonly ImportEdge[], layer: string, allowed: ReadonlySet<string>) {
  const pairs = edges
    .filter(
      ({ from, to, typeOnly }) =>
        from.startsWith(`${layer}/`) && to.startsWith('domain/') && !typeOnly && !sharedDomainCode.has(to),
    )
    .map(({ from, to }) => `${from} → ${to}`);
  return { wrong: pairs.filter((pair) => !allowed.has(pair)), found: new Set(pairs) };
}

/** Adapters importing domain code today; to be moved behind ports or into types. May only shrink. */
const adapterDomainCode: ReadonlySet<string> = new Set([
  'adapters/deadline.ts → domain/errors.js',
  'adapters/store.ts → domain/errors.js',
  'adapters/throttle-limits.ts → domain/errors.js',
  'adapters/memory/order-payments.ts → domain/payment/index.js',
  'adapters/memory/product-list.ts → domain/catalog/categories.js',
  'adapters/memory/stock-holds.ts → domain/payment/index.js',
  'adapters/postgres/identifiers.ts → domain/errors.js',
  'adapters/postgres/load-product-rows.ts → domain/errors.js',
  'adapters/postgres/options.ts → domain/errors.js',
  'adapters/postgres/order-payments.ts → domain/payment/index.js',
  'adapters/postgres/product-list.ts → domain/errors.js',
  'adapters/postgres/reference-cache.ts → domain/errors.js',
  'adapters/postgres/stock-holds.ts → domain/payment/index.js',
  'adapters/postgres/stock-moves.ts → domain/errors.js',
  'adapters/postgres/values.ts → domain/errors.js',
  'adapters/redis/key-prefix.ts → domain/errors.js',
  'adapters/store.ts → domain/errors.js',
  'adapters/redis/session-store.ts → domain/errors.js',
  'adapters/stripe/provider.ts → domain/errors.js',
]);

/** `http` importing domain code today; to go through the engine's interface or become types. May only shrink. */
const httpDomainCode: ReadonlySet<string> = new Set([
  'http/account.ts → domain/errors.js',
  'http/account.ts → domain/messages.js',
  'http/account.ts → domain/storable-text.js',
  'http/auth.ts → domain/errors.js',
  'http/auth.ts → domain/messages.js',
  'http/cors.ts → domain/errors.js',
  'http/form/types.ts → domain/errors.js',
  'http/options.ts → domain/errors.js',
  'http/options.ts → domain/messages.js',
  'http/present-money.ts → domain/errors.js',
  'http/present-money.ts → domain/pricing/totals/sub-total.js',
  'http/present-order.ts → domain/pricing/totals/index.js',
  'http/routes.ts → domain/errors.js',
  'http/routes.ts → domain/messages.js',
  'http/routes.ts → domain/order/claims.js',
]);

describe('sub-folder import arrows', () => {
  const edges = sourceImports();

  it('reads type-only imports as such, and every other import as code', () => {
    const read = importsOf(
      'http/x.ts',
      [
        "import type { A } from '../domain/a.js';",
        "import { type B, type C } from '../domain/b.js';",
        "import { type D, e } from '../domain/d.js';",
        "import f from '../domain/f.js';",
        "export type { G } from '../domain/g.js';",
        "export { h } from '../domain/h.js';",
        "export * from '../domain/i.js';",
        "const j = await import('../domain/j.js');",
        "import '../domain/k.js';",
        "type L = import('../domain/l.js').L;",
      ].join('\n'),
    );
    expect(read.map(({ to, typeOnly }) => [to, typeOnly])).toEqual([
      ['domain/a.js', true],
      ['domain/b.js', true],
      ['domain/d.js', false],
      ['domain/f.js', false],
      ['domain/g.js', true],
      ['domain/h.js', false],
      ['domain/i.js', false],
      ['domain/j.js', false],
      ['domain/k.js', false],
      ['domain/l.js', true],
    ]);
    expect(edges.length).toBeGreaterThan(500);
  });

  it('no adapter folder imports another; the demo snapshot imports no store adapter (but the pairs listed)', () => {
    const found = crossAdapterImports(edges);
    expect(found.filter((pair) => !crossAdapterAllowed.has(pair))).toEqual([]);
    expect([...crossAdapterAllowed].filter((pair) => !found.includes(pair))).toEqual([]);
    // The rule sees what it forbids.
    const broken = [
      { from: 'adapters/postgres/load-demo.ts', to: 'adapters/memory/demo-store.js', typeOnly: false },
      { from: 'adapters/redis/x.ts', to: 'adapters/postgres/y.js', typeOnly: true },
      { from: 'demo/demo-store.ts', to: 'adapters/memory/store-data.js', typeOnly: true },
      { from: 'adapters/postgres/x.ts', to: 'adapters/deadline.js', typeOnly: false },
      { from: 'adapters/postgres/x.ts', to: 'demo/demo-store.js', typeOnly: false },
    ];
    expect(crossAdapterImports(broken)).toEqual([
      'adapters/postgres/load-demo.ts → adapters/memory/demo-store.js',
      'adapters/redis/x.ts → adapters/postgres/y.js',
      'demo/demo-store.ts → adapters/memory/store-data.js',
    ]);
  });

  it('adapters import domain types only, but for the pairs listed, which may only shrink', () => {
    const { wrong, found } = domainCodeImports(edges, 'adapters', adapterDomainCode);
    expect(wrong).toEqual([]);
    expect([...adapterDomainCode].filter((pair) => !found.has(pair))).toEqual([]);
    const broken = [
      { from: 'adapters/memory/x.ts', to: 'domain/pricing/tax.js', typeOnly: false },
      { from: 'adapters/memory/x.ts', to: 'domain/records/order.js', typeOnly: true },
      { from: 'adapters/memory/x.ts', to: 'domain/deep-freeze.js', typeOnly: false },
    ];
    expect(domainCodeImports(broken, 'adapters', adapterDomainCode).wrong).toEqual([
      'adapters/memory/x.ts → domain/pricing/tax.js',
    ]);
  });

  it('http imports domain types only, but for the pairs listed, which may only shrink', () => {
    const { wrong, found } = domainCodeImports(edges, 'http', httpDomainCode);
    expect(wrong).toEqual([]);
    expect([...httpDomainCode].filter((pair) => !found.has(pair))).toEqual([]);
    const broken = [
      { from: 'http/x.ts', to: 'domain/pricing/checkout.js', typeOnly: false },
      { from: 'http/x.ts', to: 'domain/records/order.js', typeOnly: true },
    ];
    expect(domainCodeImports(broken, 'http', httpDomainCode).wrong).toEqual([
      'http/x.ts → domain/pricing/checkout.js',
    ]);
  });
});
