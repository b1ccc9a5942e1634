/**
 * A client generated from `docs/openapi.json` (openapi-typescript for the types, openapi-fetch for the calls)
 * can send the session id as `api_token`: every operation in a session lists it as a query parameter, so the
 * generated types take it, and a checkout through it against a real listening server keeps its session.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKey, startDemo } from '../http/support/harness.js';
import { mistakesProgram, runProgram, tsconfig } from './support/generated-client.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
// Inside the repository (ignored by git) so that the generated program finds openapi-fetch in node_modules.
const project = join(root, '.tmp', `openapi-client-${randomBytes(4).toString('hex')}`);

beforeAll(async () => {
  const document = JSON.parse(await readFile(join(root, 'docs/openapi.json'), 'utf8'));
  await mkdir(project, { recursive: true });
  await writeFile(join(project, 'api.d.ts'), astToString(await openapiTS(document)));
  await writeFile(join(project, 'package.json'), JSON.stringify({ type: 'module' }));
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
  await writeFile(join(project, 'run.ts'), runProgram);
  await writeFile(join(project, 'mistakes.ts'), mistakesProgram);
}, 60_000);

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

describe('a client generated from the OpenAPI document', () => {
  it('takes api_token as a typed query parameter, and refuses what the document refuses', async () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', project], { cwd: project }).then(
      () => '',
      (failure: { stdout?: string }) => failure.stdout ?? String(failure),
    );
    expect(checked).toBe('');
  }, 120_000);

  it('checks out through it with the session in api_token, against a real server', async () => {
    const demo = await startDemo();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', join(project, 'run.ts')], {
      cwd: root,
      env: { ...process.env, CHECKOUT_URL: demo.origin, CHECKOUT_KEY: apiKey },
    });
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
    expect(result.added).toEqual({ success: 'Product added to cart successfully!' });
    expect(result.products).toMatchObject([{ product_id: 40, quantity: 2 }]);
    expect(result.logout).toEqual({ success: 'Success: API session ended!' });
  }, 120_000);
});
