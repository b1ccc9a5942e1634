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
          typecheck: { enabled: true, include: ['test/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
        },
      },
      {
        // Installs the packed tarball into a scratch project: needs `npm run build` first (.ci/run does it).
        test: {
          name: 'package',
          include: ['test/package/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
