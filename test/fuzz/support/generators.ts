/**
 * The arbitraries of a run: calls to every route (valid, hostile, broken on the wire, with other methods and
 * other sessions), waits, and a checkout scaffold woven in so that runs reach the later steps (methods, confirm,
 * history) with a real cart.
 */
import fc from 'fast-check';
import type { Auth, BodyBreakage, Call, QueryBreakage, Step } from './call.js';
import type { FormStyle } from './encode-form.js';
import type { JsonStyle } from './encode-json.js';
import { mutate, mutation, validParams } from './params.js';
import { type RouteName, routeSpecs } from './routes.js';
import { type Params, Ref } from './tree.js';

const otherMethods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'];

const formStyle: fc.Arbitrary<FormStyle> = fc.record({
  keys: fc.constantFrom('brackets', 'brackets', 'dots', 'encoded'),
  lists: fc.constantFrom('push', 'index'),
  decoys: fc.boolean(),
  plus: fc.boolean(),
});

const jsonStyle: fc.Arbitrary<JsonStyle> = fc.record({ dots: fc.boolean(), decoys: fc.boolean() });

const plainForm: FormStyle = { keys: 'brackets', lists: 'push', decoys: false, plus: false };
const plainJson: JsonStyle = { dots: false, decoys: false };

/** Mostly `'none'`; otherwise one of `kinds`, and rarely one of `rare`. */
function mostlyNone<T extends string>(odds: readonly [number, number, number], kinds: T[], rare: T[] = []) {
  return fc.oneof(
    { weight: odds[0], arbitrary: fc.constant('none' as const) },
    { weight: odds[1], arbitrary: fc.constantFrom(...kinds) },
    ...(rare.length > 0 ? [{ weight: odds[2], arbitrary: fc.constantFrom(...rare) }] : []),
  );
}

const bodyBreakage: fc.Arbitrary<BodyBreakage> = mostlyNone(
  [70, 12, 0],
  [
    'media-type',
    'media-alias',
    'oversize',
    'deep',
    'many',
    'forbidden-key',
    'bad-escape',
    'bad-utf8',
    'bad-key',
    'bad-json',
    'not-object',
    'empty',
  ],
);

/** Query strings over Node's header limit are rare: a known defect answers them without JSON. */
const queryBreakage: fc.Arbitrary<QueryBreakage> = mostlyNone(
  [100, 6, 1],
  ['forbidden-key', 'bad-escape', 'bad-key', 'deep', 'many', 'route-decoy'],
  ['long'],
);

const auth: fc.Arbitrary<Auth> = fc.record({
  via: fc.oneof(
    { weight: 12, arbitrary: fc.constant('cookie' as const) },
    { weight: 4, arbitrary: fc.constant('query' as const) },
    { weight: 2, arbitrary: fc.constant('body' as const) },
    {
      weight: 4,
      arbitrary: fc.constantFrom<Auth['via']>('query-over-cookie', 'ignored-token', 'none', 'forged', 'bent'),
    },
  ),
  session: fc.oneof({ weight: 3, arbitrary: fc.constant(-1) }, { weight: 1, arbitrary: fc.nat(3) }),
  variant: fc.nat(20),
});

/** Extra headers: an idempotency key, client details, a spoofed forwarded address. */
const headers: fc.Arbitrary<Readonly<Record<string, string>>> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({}) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('key-1', 'key-2', 'k'.repeat(300), ' ', 'clé', 'a b')
      .map((key) => ({ 'idempotency-key': key })),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      'user-agent': fc.constantFrom('curl/8', 'Mozilla/5.0 (fuzz)', 'x'.repeat(400)),
      'accept-language': fc.constantFrom('en-GB', 'fr;q=0.9', ''),
      'x-forwarded-for': fc.constantFrom('10.0.0.1', '203.0.113.7, 127.0.0.1', 'not an address'),
    }),
  },
);

/** The routes, by how often runs call them. */
const routeWeights: readonly (readonly [RouteName, number])[] = [
  ['login', 3],
  ['logout', 1],
  ['customer', 4],
  ['cart', 4],
  ['addProduct', 4],
  ['getProducts', 3],
  ['getTotals', 2],
  ['update', 3],
  ['remove', 2],
  ['currency', 2],
  ['manufacturer', 1],
  ['manufacturerList', 1],
  ['productList', 1],
  ['paymentAddress', 3],
  ['shippingAddress', 3],
  ['shippingMethods', 2],
  ['shippingMethod', 3],
  ['paymentMethods', 2],
  ['paymentMethod', 3],
  ['coupon', 2],
  ['reward', 2],
  ['affiliate', 2],
  ['confirm', 3],
  ['historyAdd', 2],
  ['orderInfo', 2],
  ['unknown', 1],
];

/** A call to `route`: valid parameters, made hostile half of the time, on the wire in any of its forms. */
function callTo(route: RouteName): fc.Arbitrary<Call> {
  const spec = routeSpecs[route];
  const params: fc.Arbitrary<Params> = fc.oneof(
    { weight: 1, arbitrary: validParams[route] },
    { weight: 1, arbitrary: fc.tuple(validParams[route], mutation).map(([p, m]) => mutate(p, m)) },
  );
  const method = fc.oneof(
    { weight: 14, arbitrary: fc.constant<string>(spec.method) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...otherMethods, ...(spec.alsoGet === true ? ['GET', 'GET'] : [])),
    },
  );
  return fc.record({
    route: fc.constant(route),
    spelling: fc.nat(30),
    method,
    params,
    encoding: fc.constantFrom('form', 'json'),
    form: formStyle,
    json: jsonStyle,
    body: bodyBreakage,
    query: queryBreakage,
    variant: fc.nat(30),
    auth,
    headers: route === 'confirm' ? headers : fc.constant({}),
  });
}

/** Any call. */
export const anyCall: fc.Arbitrary<Call> = fc.oneof(
  ...routeWeights.map(([route, weight]) => ({ weight, arbitrary: callTo(route) })),
);

/**
 * A wait: around the throttle window, the session expiry, and the stores' retention of expired sessions. Most
 * waits keep the session alive, so that a run goes on past them.
 */
const wait: fc.Arbitrary<Step> = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(1, 60, 299, 301, 1800, 3599) },
    { weight: 1, arbitrary: fc.constantFrom(3600, 3601, 7200, 90_000) },
  )
  .map((seconds) => ({ wait: seconds }));

/** A valid call to `route` in the plainest form, on the newest session. */
function plainCall(route: RouteName): fc.Arbitrary<Call> {
  return fc.record({
    route: fc.constant(route),
    spelling: fc.constant(0),
    method: fc.constant<string>(routeSpecs[route].method),
    params: validParams[route],
    encoding: fc.constantFrom('form', 'json'),
    form: fc.constant(plainForm),
    json: fc.constant(plainJson),
    body: fc.constant('none' as const),
    query: fc.constant('none' as const),
    variant: fc.constant(0),
    auth: fc.constant<Auth>({ via: 'cookie', session: -1, variant: 0 }),
    headers: fc.constant({}),
  });
}

/** The checkout in order: customer, cart, addresses, methods, confirm, then a history entry and the order. */
const checkoutRoutes: readonly RouteName[] = [
  'customer',
  'addProduct',
  'paymentAddress',
  'shippingAddress',
  'shippingMethods',
  'shippingMethod',
  'paymentMethods',
  'paymentMethod',
  'confirm',
  'historyAdd',
  'orderInfo',
];
const checkout: fc.Arbitrary<Call[]> = fc.tuple(...checkoutRoutes.map(plainCall));

/** A login with a near miss of the key (`variant` 1 to 7), or the right one (0). */
function loginWith(variant: number, username = 'demo'): fc.Arbitrary<Call> {
  return plainCall('login').map((call) => ({ ...call, params: { username, key: new Ref('key', variant) } }));
}

/**
 * Failed logins in a row (enough to reach the throttle's limit for the username), then the right key: the
 * throttle must refuse it too, until its window has passed.
 */
const loginBurst: fc.Arbitrary<Call[]> = fc
  .tuple(
    fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 4, maxLength: 7 }),
    fc.constantFrom('demo', 'nobody'),
  )
  .chain(([variants, username]) => fc.tuple(...variants.map((v) => loginWith(v, username)), loginWith(0)));

/** A run: random steps with the first `take` steps of a checkout woven in at the given places. */
export function runOf(maxSteps: number): fc.Arbitrary<Step[]> {
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 30, arbitrary: anyCall },
    { weight: 1, arbitrary: wait },
  );
  return fc
    .record({
      noise: fc.array(step, { maxLength: maxSteps, size: 'medium' }),
      scaffold: checkout,
      // Half of the runs carry the whole checkout, the others a part of it.
      take: fc.oneof(fc.nat(checkoutRoutes.length), fc.constant(checkoutRoutes.length)),
      places: fc.array(fc.nat(maxSteps), {
        minLength: checkoutRoutes.length,
        maxLength: checkoutRoutes.length,
      }),
      burst: fc.option(fc.record({ at: fc.nat(maxSteps), calls: loginBurst }), { freq: 8 }),
    })
    .map(({ noise, scaffold, take, places, burst }) => {
      const steps: Step[] = [...noise];
      const at = places.slice(0, take).sort((a, b) => a - b);
      scaffold.slice(0, take).forEach((call, i) => {
        steps.splice(Math.min((at[i] ?? 0) + i, steps.length), 0, call);
      });
      if (burst !== null) steps.splice(Math.min(burst.at, steps.length), 0, ...burst.calls);
      return steps;
    });
}
