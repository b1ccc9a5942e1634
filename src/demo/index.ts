/**
 * `cartwright/demo`: OpenCart 4.1.0.4's demo store as a store snapshot (docs/demo-store.md lists the few changes a
 * demo needs).
 * @module
 */
export { type DemoSnapshotOptions, demoSnapshot } from './demo-snapshot.js';
