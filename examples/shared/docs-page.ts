/**
 * The demo's rendered API reference at `/docs`: Swagger UI (the `swagger-ui-dist` package, served from
 * node_modules, no CDN) showing the handler's own OpenAPI document (`/api/openapi`). Everything the page loads
 * comes from this server, so it works with the network closed. Every other request goes to the handler.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { FetchHandler } from '../../src/http/index.js';

/** The path of the page. */
export const docsPath = '/docs';

/** The renderer's files the page loads, by name under `/docs/`, with their media types. */
const assets: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'init.js': 'text/javascript; charset=utf-8',
};

/** Starts Swagger UI on the document; no validator badge, which would ask a server on the internet. */
const init = `window.ui = SwaggerUIBundle({
  url: 'api/openapi',
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: true,
  docExpansion: 'list',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cartwright HTTP API</title>
<link rel="stylesheet" href="docs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/swagger-ui-bundle.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`;

const require = createRequire(import.meta.url);
const loaded = new Map<string, Promise<string>>();

/** The text of asset `name`, read once. */
function assetText(name: string): Promise<string> {
  let text = loaded.get(name);
  if (text === undefined) {
    text =
      name === 'init.js'
        ? Promise.resolve(init)
        : readFile(require.resolve(`swagger-ui-dist/${name}`), 'utf8');
    loaded.set(name, text);
  }
  return text;
}

/** A text answer. */
function textResponse(body: string, type: string): Response {
  return new Response(body, { headers: { 'Content-Type': type, 'Cache-Control': 'no-cache' } });
}

/**
 * Whether a node request is for the page or its files (a GET or HEAD at or under {@link docsPath}): a server can
 * send only those through {@link withDocsPage} and hand every other request to the handler itself, which node
 * serves without making Web `Request` and `Response` objects.
 */
export function isDocsRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (url?.startsWith(docsPath) !== true) return false;
  const next = url.charAt(docsPath.length);
  return next === '' || next === '/' || next === '?';
}

/** `handler`, with the reference page at {@link docsPath} and its files under it. */
export function withDocsPage(handler: FetchHandler): FetchHandler {
  return async (request, info) => {
    const { pathname } = new URL(request.url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return handler(request, info);
    if (pathname === docsPath) return textResponse(page, 'text/html; charset=utf-8');
    if (pathname === `${docsPath}/`) return Response.redirect(new URL(docsPath, request.url), 301);
    const name = pathname.startsWith(`${docsPath}/`) ? pathname.slice(docsPath.length + 1) : '';
    const type = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (type !== undefined) return textResponse(await assetText(name), type);
    return handler(request, info);
  };
}
