/**
 * The memory catalog and directories run the shared behaviour suites (test/contract/behaviour), the same ones the
 * PostgreSQL adapters run: both must answer alike.
 */
import { createMemoryAdapters } from '../../../src/adapters/memory/index.js';
import { createManualClock } from '../../../src/testing/index.js';
import { describeCatalogBehaviour } from '../../contract/behaviour/catalog-behaviour.js';
import { describeDirectoriesBehaviour } from '../../contract/behaviour/directories-behaviour.js';
import type { OpenStore } from '../../contract/behaviour/stores.js';

const memory: OpenStore = async (data) =>
  createMemoryAdapters(data, { clock: createManualClock('2026-03-01T10:00:00Z') });

describeCatalogBehaviour('memory', memory);
describeDirectoriesBehaviour('memory', memory);
