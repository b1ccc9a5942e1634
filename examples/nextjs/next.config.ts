/**
 * The example's Next.js configuration. Inside this repository the app imports cartwright's sources (through
 * `paths` in the root tsconfig.json, which tsconfig.json here extends), so Turbopack's root is the repository's.
 * Type checking is `npm run typecheck`'s (`tsc -p examples/nextjs`), not the build's, and CI builds once from a
 * clean clone, so Turbopack keeps no cache on disk. A copied app needs none of these lines.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const here = dirname(fileURLToPath(import.meta.url));

const config: NextConfig = {
  turbopack: { root: join(here, '../..') },
  typescript: { ignoreBuildErrors: true },
  experimental: { turbopackFileSystemCacheForBuild: false },
};

export default config;
