import { describe, it } from 'vitest';
import { createMemoryNotifier } from '../../src/adapters/memory/index.js';
import { describeNotifierContract } from '../../src/testing/index.js';

describeNotifierContract({ describe, it }, 'memory', async () => {
  const notifier = createMemoryNotifier();
  return { notifier, delivered: async () => notifier.events };
});
