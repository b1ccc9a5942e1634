import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

const here = dirname(fileURLToPath(import.meta.url));
const config: NextConfig = {
  turbopack: { root: join(here, '../..') },
  typescript: { ignoreBuildErrors: true },
};
export default config;
