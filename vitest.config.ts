import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time even on two cores (vitest's default there is one): most of these tests wait on real
    // servers, proxies and deadlines rather than on the CPU.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          benchmark: { include: ['bench/**/*.bench.ts'] },
          exclude: [
            'test/package/**',
            'test/hosts/**',
            'test/integration/redis-cluster/**',
            'node_modules/**',
          ],
          // One printed seed for every fast-check property, so that any failure or hang can be replayed.
          globalSetup: ['test/support/fast-check-seed.ts'],
          setupFiles: ['test/support/fast-check-setup.ts'],
          // Concurrency and real-server tests run hundreds of operations; on a loaded 2-core CI machine they
          // can pass vitest's 5 s default without anything being wrong. Timings are never asserted in tests.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        // The Redis integration tests again, on the tests' own three-master Redis Cluster (started on ports of its
        // own by scripts/redis-cluster.sh when first needed) through an ioredis Cluster: the same contract suites,
        // concurrency and contention cases, and cleanup, on a cluster; and the cluster's own tests (a reshard under
        // load). Part of `npm test`.
        test: {
          name: 'cluster',
          include: ['test/integration/redis/**/*.test.ts', 'test/integration/redis-cluster/**/*.test.ts'],
          env: { CARTWRIGHT_TEST_REDIS: 'cluster' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Runs every example through its npm script (node:http, Express, Fastify, Hono, Bun, Deno, workerd) and
        // checks out against it over HTTP: each starts a runtime of its own, so it runs outside `npm test`
        // (`npm run test:hosts`, a step of its own in .ci/run).
        test: {
          name: 'hosts',
          include: ['test/hosts/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Installs the packed tarball into a scratch project: needs `npm run build` first (in .ci/run, `npm ci`'s
        // prepare script has made it).
        // A git install builds the package again inside npm (a few minutes on a loaded 2-core machine).
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
