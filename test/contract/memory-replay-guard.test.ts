import { describe, it } from 'vitest';
import { createMemoryAdapters, createMemoryReplayGuard, demoStore } from '../../src/adapters/memory/index.js';
import { createManualClock, describeReplayGuardContract } from '../../src/testing/index.js';

describeReplayGuardContract({ describe, it }, 'memory', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { guard: createMemoryReplayGuard({ clock }), clock };
});

describeReplayGuardContract({ describe, it }, 'memory, from createMemoryAdapters', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { guard: createMemoryAdapters(demoStore().data, { clock }).replayGuard, clock };
});
