import { defineConfig } from 'tsup';

/** One build entry per `exports` subpath of package.json; test/package checks they stay in step. */
export const entries = {
  index: 'src/index.ts',
  core: 'src/core/index.ts',
  extensions: 'src/extensions/index.ts',
  demo: 'src/demo/index.ts',
  http: 'src/http/index.ts',
  'adapters/memory': 'src/adapters/memory/index.ts',
  'adapters/redis': 'src/adapters/redis/index.ts',
  'adapters/postgres': 'src/adapters/postgres/index.ts',
  'adapters/stripe': 'src/adapters/stripe/index.ts',
  testing: 'src/testing/index.ts',
  client: 'src/client/index.ts',
};

export default defineConfig({
  entry: entries,
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  treeshake: true,
  // vitest is a peer of the testing entry only: the host's own copy runs the contract suites.
  external: ['vitest'],
});
