import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          benchmark: { include: ['bench/**/*.bench.ts'] },
          exclude: ['test/package/**', 'node_modules/**'],
          // Concurrency and real-server tests run hundreds of operations; on a loaded 2-core CI machine they
          // can pass vitest's 5 s default without anything being wrong. Timings are never asserted in tests.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        // Installs the packed tarball into a scratch project: needs `npm run build` first (.ci/run does it).
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
