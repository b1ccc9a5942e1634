/**
 * The HTTP fuzz suite on the memory store: seeded property runs against a real listening server, every route
 * and call with valid, hostile and broken requests, checked by the answer oracles and the session model (see
 * `support/`). Long runs: `npm run fuzz -- --requests 100000 --store memory`.
 */
import { fuzzSuite } from './support/suite.js';

fuzzSuite('memory', 120);
