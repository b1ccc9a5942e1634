/**
 * What every request a store fault touched must answer: the JSON 503 of an unavailable store, in time (a hang is
 * a rejection of `send` already). The times are printed, never asserted: they are measurements.
 */
import { expect } from 'vitest';
import type { Reply } from './shop-client.js';

/**
 * Checks that each reply is a JSON 503 with `{"error":{"warning":…}}` (a confirm adds the cart it saw), and prints
 * how long they took under `what`.
 */
export function expectUnavailable(what: string, replies: readonly Reply[]): void {
  reportTimes(what, replies);
  for (const reply of replies) {
    expect({ route: reply.route, status: reply.status, json: reply.json }).toEqual({
      route: reply.route,
      status: 503,
      json: true,
    });
    expect(reply.body).toMatchObject({ error: { warning: expect.any(String) } });
  }
}

/** Prints how long the replies took: `[faults] <what>: n × 503 in a–b ms`. */
export function reportTimes(what: string, replies: readonly Reply[]): void {
  const times = replies.map((reply) => reply.ms);
  const statuses = [...new Set(replies.map((reply) => reply.status))].join('/');
  console.info(
    `[faults] ${what}: ${replies.length} × ${statuses} in ${Math.min(...times)}–${Math.max(...times)} ms`,
  );
}
