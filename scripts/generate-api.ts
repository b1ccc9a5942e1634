/**
 * Writes what is generated from the operation descriptors: the OpenAPI document (`docs/openapi.json`, and with
 * `--dist` also `dist/openapi.json`, the package's `cartwright/openapi.json`) and the typed client's route table
 * (`src/client/routes.ts`). `npm run generate` after changing an operation; the tests fail while either file is
 * stale. `--check` only compares, exiting 1 when a file differs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenApiDocument } from '../src/http/openapi/document.js';
import { operations } from '../src/operations/index.js';
import type { OperationRoute } from '../src/operations/operation.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The OpenAPI document as the package ships it. */
export function openApiText(): string {
  return `${JSON.stringify(createOpenApiDocument(), null, 2)}\n`;
}

/** The client's route table, as TypeScript. */
export function routeTableText(): string {
  const rows = operations.flatMap((operation) => {
    const address: OperationRoute | undefined = operation.http?.routes[0];
    if (operation.http === undefined || address === undefined) return [];
    const entry = {
      method: operation.method,
      http: operation.http.method,
      route: address.route,
      ...(address.call === undefined ? {} : { call: address.call }),
      ...(address.code === undefined ? {} : { code: address.code }),
      answer: operation.answer,
    };
    const fields = Object.entries(entry).map(([key, value]) => `${key}: '${value}'`);
    return [`  ${operation.name}: { ${fields.join(', ')} },`];
  });
  return [
    '/**',
    ' * The route of every operation the client calls, by operation name. Generated from the operation descriptors',
    ' * by `scripts/generate-api.ts` (`npm run generate`); do not edit.',
    ' * @module',
    ' */',
    "import type { ClientRouteTable } from './route-table.js';",
    '',
    '/** The route of every operation the client calls. */',
    'export const clientRoutes = {',
    ...rows,
    '} as const satisfies ClientRouteTable;',
    '',
  ].join('\n');
}

/** The generated files: path (from the repository root) and text. */
export function generatedFiles(dist: boolean): [string, string][] {
  const openapi = openApiText();
  return [
    ['docs/openapi.json', openapi],
    ['src/client/routes.ts', routeTableText()],
    ...(dist ? [['dist/openapi.json', openapi] as [string, string]] : []),
  ];
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, text] of generatedFiles(process.argv.includes('--dist'))) {
    const file = join(root, path);
    if (check) {
      let current = '';
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        // a missing file is stale
      }
      if (current !== text) {
        console.error(`${path} is stale: run npm run generate`);
        stale += 1;
      }
    } else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`wrote ${path}`);
    }
  }
  if (stale > 0) process.exit(1);
}
