import { describe, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemoryLoginThrottle,
  demoStore,
} from '../../src/adapters/memory/index.js';
import { createManualClock, describeLoginThrottleContract } from '../../src/testing/index.js';

describeLoginThrottleContract({ describe, it }, 'memory', async (limits) => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { throttle: createMemoryLoginThrottle({ ...limits, clock }), clock };
});

describeLoginThrottleContract({ describe, it }, 'memory, from createMemoryAdapters', async (limits) => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  const adapters = createMemoryAdapters(demoStore().data, {
    clock,
    maxLoginFailures: limits.maxFailures,
    maxLoginFailuresPerIp: limits.maxFailuresPerIp,
    loginWindowSeconds: limits.windowSeconds,
  });
  return { throttle: adapters.loginThrottle, clock };
});
