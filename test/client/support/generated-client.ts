/**
 * A client generated from the OpenAPI document the way a team would make one: openapi-typescript writes the
 * `paths` types, openapi-fetch calls them. `run.ts` logs in, adds a product and reads the cart, sending the
 * session id as the `api_token` query parameter of each call; its type errors and its run are both checked.
 */

/** The program, typed by the generated `paths`: what it printed is the last line of its output. */
export const runProgram = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const baseUrl = process.env.CHECKOUT_URL ?? '';
const client = createClient<paths>({ baseUrl });

const login = await client.POST('/api/account/login', { body: { username: 'demo', key: process.env.CHECKOUT_KEY ?? '' } });
if (login.data === undefined) throw new Error('login failed: ' + JSON.stringify(login.error));
const api_token = login.data.api_token;

const added = await client.POST('/api/cart/addProduct', {
  params: { query: { api_token } },
  body: { product_id: 40, quantity: 2 },
});
const products = await client.GET('/api/cart/getProducts', { params: { query: { api_token } } });
const logout = await client.POST('/api/account/logout', { params: { query: { api_token } } });
console.log(JSON.stringify({ added: added.data, products: products.data, logout: logout.data }));
`;

/** Mistakes the generated types must refuse, each under `@ts-expect-error`. */
export const mistakesProgram = `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });
declare const api_token: string;

// @ts-expect-error: the customer step needs a first name
await client.POST('/api/customer', { params: { query: { api_token } }, body: { lastname: 'Smith', email: 'jane@example.com' } });
// @ts-expect-error: the session id is a string
await client.GET('/api/cart/getProducts', { params: { query: { api_token: 42 } } });
// @ts-expect-error: the login takes no session
await client.POST('/api/account/login', { params: { query: { api_token } }, body: { username: 'demo', key: 'k' } });
await client.POST('/api/order/confirm', { params: { query: { api_token }, header: { 'Idempotency-Key': 'order-1' } } });
`;

/** The project's compiler options for the generated client. */
export const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  },
  include: ['*.ts'],
};
