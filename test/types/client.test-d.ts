/**
 * The typed client at the type level: requests are the operations' form inputs, answers the wire shapes, so a
 * wrong field name, a wrong field type or a wrong read of an answer does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ClientError,
  type ConfirmFailureJson,
  createClient,
  type ErrorJson,
  type WireAnswers,
} from '../../src/client/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:8080/index.php' });

describe('the typed client', () => {
  it('takes each operation its form reads: ids as numbers or digit strings, texts as strings or numbers', () => {
    client.setCustomer({ firstname: 'Jane', telephone: 1632960123, customer_group_id: '1' });
    client.addProducts({ product: [{ product_id: 40, quantity: '2', option: { 226: 15 } }] });
    client.addProduct({ product_id: '40' });
    client.setShippingMethod({ shipping_method: 'flat.flat' });
    client.setShippingMethod({ shipping_method: { code: 'flat.flat' } });
    client.addHistory({ order_id: 1, order_status_id: 2, notify: true, comment: 'Packed' });
    client.getOrder({ order_id: 1 });
    client.confirm({ comment: 'At the door' }, { idempotencyKey: 'order-1' });
    client.getShippingMethods();
  });

  it('refuses a field the operation does not have', () => {
    // @ts-expect-error: `firstnme` is no field of the customer step
    client.setCustomer({ firstnme: 'Jane' });
    // @ts-expect-error: the single add has no `products`
    client.addProduct({ products: 40 });
    // @ts-expect-error: order info has nothing but `order_id`
    client.getOrder({ order_id: 1, comment: 'x' });
  });

  it('refuses a field of the wrong type', () => {
    // @ts-expect-error: an id is a number or a digit string, never a boolean
    client.setCustomer({ customer_id: true });
    // @ts-expect-error: a flag is no object
    client.addHistory({ order_id: 1, order_status_id: 2, notify: {} });
    // @ts-expect-error: a shipping method object needs its code
    client.setShippingMethod({ shipping_method: { name: 'Flat' } });
  });

  it('sends an idempotency key on confirm only', () => {
    // @ts-expect-error: only confirm takes an idempotency key
    client.setCustomer({}, { idempotencyKey: 'k' });
    // @ts-expect-error: there is no such operation
    client.placeOrder();
  });

  it('answers the wire shape of the operation, and errors as values', async () => {
    const confirmed = await client.confirm();
    if (confirmed.isOk()) {
      expectTypeOf(confirmed.value.order_id).toEqualTypeOf<number>();
      expectTypeOf(confirmed.value).toEqualTypeOf<WireAnswers['confirm']>();
      // @ts-expect-error: confirm answers `order_id`, not `orderId`
      confirmed.value.orderId;
    } else {
      expectTypeOf(confirmed.error).toEqualTypeOf<ClientError<ConfirmFailureJson | ErrorJson>>();
    }
    const totals = await client.getTotals();
    if (totals.isOk()) expectTypeOf(totals.value[0]?.text).toEqualTypeOf<string | undefined>();
    const login = await client.login({ username: 'demo', key: 'k' });
    if (login.isOk()) expectTypeOf(login.value.api_token).toEqualTypeOf<string>();
    if (login.isErr() && login.error.kind === 'answer') {
      expectTypeOf(login.error.error).toEqualTypeOf<Readonly<Record<string, string>>>();
    }
  });
});
