import { describe, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemorySessionStore,
  demoStore,
} from '../../src/adapters/memory/index.js';
import { createManualClock, describeSessionStoreContract } from '../../src/testing/index.js';

describeSessionStoreContract({ describe, it }, 'memory', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { store: createMemorySessionStore({ clock }), clock };
});

describeSessionStoreContract({ describe, it }, 'memory, one-minute retention', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { store: createMemorySessionStore({ clock, retentionSeconds: 60 }), clock };
});

describeSessionStoreContract({ describe, it }, 'memory, from createMemoryAdapters', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { store: createMemoryAdapters(demoStore().data, { clock }).sessions, clock };
});
