import type { FetchHandler } from 'cartwright/http';
import { createDemoHandler } from '../demo-handler.js';

let handler: FetchHandler | undefined;

export function serve(request: Request): Promise<Response> {
  handler ??= createDemoHandler({
    apiKey: process.env.CARTWRIGHT_API_KEY ?? '',
    trustedProxyHeader: { name: 'x-forwarded-for' },
  });
  return handler(request);
}
