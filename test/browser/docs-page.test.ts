/**
 * The demo server's API reference page in a real browser: Debian's Chromium, headless, driven by playwright-core.
 * The page at `/docs` renders the handler's OpenAPI document with every operation listed, and loads nothing
 * from anywhere but the demo server (it must work with the network closed). Chromium must be installed
 * (`/usr/bin/chromium`; `.ci/run` installs it): a missing browser fails the test, it does not skip it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../examples/shared/demo-main.js';
import { createOpenApiDocument } from '../../src/http/openapi/document.js';
import { chromiumFlags, chromiumPath } from './support/chromium.js';

let demo: RunningDemo;
let profile = '';

beforeAll(async () => {
  const started = await startDemoServer(
    { PORT: '0', CARTWRIGHT_API_KEY: 'browser-test-key-0123456789abcdef0123' },
    { log: () => {} },
  );
  if (started.isErr()) throw new Error(JSON.stringify(started.error));
  demo = started.value;
  profile = mkdtempSync(join(tmpdir(), 'cartwright-chromium-'));
});

afterAll(async () => {
  await demo?.close();
  if (profile !== '') rmSync(profile, { recursive: true, force: true });
});

describe('the API reference page (/docs)', () => {
  it('lists every operation of the document, loading nothing from elsewhere', async () => {
    const origin = new URL(demo.url).origin;
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: [...chromiumFlags],
    });
    try {
      const page = await context.newPage();
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(`${origin}/`) && !url.startsWith('data:')) elsewhere.push(url);
      });
      const response = await page.goto(`${origin}/docs`);
      expect(response?.status()).toBe(200);
      await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
      await expect
        .poll(() => page.locator('.info .title').first().textContent())
        .toContain('cartwright HTTP API');

      const document = createOpenApiDocument();
      const operations = Object.values(document.paths).flatMap((item) =>
        Object.values(item).map((operation) => (operation as { operationId: string }).operationId),
      );
      // The event types of the `webhooks` section are listed too, each under its method and name.
      const events = Object.entries(document.webhooks ?? {}).flatMap(([name, item]) =>
        Object.keys(item).map((method) => `${method}${name.replace(/\./g, '_')}`),
      );
      const expected = [...operations, ...events];
      const listed = await page
        .locator('.opblock')
        .evaluateAll((blocks) => blocks.map((block) => block.id.replace(/^operations-[^-]+-/, '')));
      expect([...listed].sort()).toEqual([...expected].sort());
      const paths = await page.locator('.opblock-summary-path').allTextContents();
      expect(new Set(paths.map((path) => path.replace(/\u200b/g, '')))).toEqual(
        new Set([...Object.keys(document.paths), ...Object.keys(document.webhooks ?? {})]),
      );
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
