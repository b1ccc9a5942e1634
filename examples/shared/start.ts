/**
 * `npm start`: the demo store over node:http, in memory or on Redis and PostgreSQL by the environment (see
 * `demo-env.ts` and the README).
 */
import { runDemoServer } from './demo-main.js';

await runDemoServer();
