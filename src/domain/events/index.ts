/**
 * Order events: their types and what each order write reports.
 * @module
 */
export * from './event-types.js';
export * from './order-events.js';
export * from './retry.js';
