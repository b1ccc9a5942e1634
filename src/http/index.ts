/**
 * `cartwright/http`: the Web-standard Request → Response surface. The fetch handler, routes, authentication
 * and the Node bridge arrive with the HTTP issue; the error-to-status table is final.
 * @module
 */
export type { StatusCompat } from './status.js';
export { errorStatus, statusForError } from './status.js';
