/**
 * The HTTP fuzz suite on Redis (sessions) and PostgreSQL (catalog, API users, orders), on a fresh key prefix and
 * schema: the same properties as on memory, so that the stores answer alike. Fails, never skips, when a server
 * is not there. Long runs: `npm run fuzz -- --requests 100000 --store stores`.
 */
import { fuzzSuite } from './support/suite.js';

fuzzSuite('stores', 80);
