/**
 * The store deadline of the tests that check correctness under contention (hundreds of writes at once on a few
 * connections): on a loaded 2-core CI machine a write may wait longer for a pooled connection than the adapters'
 * 2 s default, and answering "unavailable" there is right for a service but says nothing about locking or
 * compare-and-set. They wait as long as the test may; the deadlines themselves are tested in `test/faults/`.
 */
export const CONTENTION_DEADLINE_MS = 60_000;
