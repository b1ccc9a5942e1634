/**
 * `GET route=api/openapi` (or `/api/openapi`): the OpenAPI document, open to anyone, since it says nothing a
 * client of the API could not learn by calling it.
 * @module
 */
import { ok } from 'neverthrow';
import type { PublicRoute } from '../route.js';
import { openApiDocument } from './document.js';

/** The route of the document. */
export const openApiRoute: PublicRoute = {
  method: 'GET',
  access: 'public',
  run: async () => ok({ body: openApiDocument() }),
};
