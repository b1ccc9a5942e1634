/**
 * The typed client at the type level: requests are what the operations' forms read, as a typed client sends
 * them (every required field, each value of its field's type), answers the wire shapes, so a wrong field name, a
 * wrong value, a missing required field or a wrong read of an answer does not compile. Each `@ts-expect-error`
 * line is a mistake that would compile (and so fail this file) if the types let it through.
 */
import { describe, expectTypeOf, it } from 'vitest';
import {
  type ClientError,
  type ClientRequest,
  type ConfirmFailureJson,
  createClient,
  type ErrorJson,
  type UnexpectedAnswer,
  type WireAnswers,
} from '../../src/client/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:8080/index.php' });
const jane = { firstname: 'Jane', lastname: 'Smith', email: 'jane@example.com' } as const;

describe('the typed client', () => {
  it('takes each operation its form reads: ids as numbers or numeric strings, texts as strings or numbers', () => {
    client.setCustomer({ ...jane, telephone: 1632960123, customer_group_id: '1' });
    client.addProducts({ product: [{ product_id: 40, quantity: '2', option: { 226: 15 } }] });
    client.addProducts({ product: { 0: { product_id: '30' } } });
    client.addProducts();
    client.addProduct({ product_id: '40' });
    client.setShippingMethod({ shipping_method: 'flat.flat' });
    client.setShippingMethod({ shipping_method: { code: 'flat.flat' } });
    client.addHistory({ order_id: 1, order_status_id: 2, notify: true, comment: 'Packed' });
    client.addHistory({ order_id: '1', order_status_id: '2', notify: 'yes', override: 0 });
    client.getOrder({ order_id: 1 });
    client.confirm({ comment: 'At the door' }, { idempotencyKey: 'order-1' });
    client.confirm();
    client.getShippingMethods();
    client.call('product_add', { product_id: 40 });
  });

  it('refuses the four mistakes a newcomer makes', () => {
    // @ts-expect-error: an id is a number or a numeric string, never a word
    client.addProduct({ product_id: 'forty' });
    // @ts-expect-error: a flag is a boolean, 0 or 1, or a form's yes/no word
    client.addHistory({ order_id: 1, order_status_id: 2, notify: 'maybe' });
    // @ts-expect-error: the customer step needs a first name
    client.setCustomer({ lastname: 'Smith', email: 'jane@example.com' });
    // @ts-expect-error: the single add needs its product
    client.addProduct();
  });

  it('asks for every required field, at every level', () => {
    // @ts-expect-error: a required field cannot be null
    client.setCustomer({ ...jane, firstname: null });
    // @ts-expect-error: nor blank
    client.addProduct({ product_id: '' });
    // @ts-expect-error: the single add needs its product, even with a quantity
    client.addProduct({ quantity: 2 });
    // @ts-expect-error: each row of the multi add names its product
    client.addProducts({ product: [{ quantity: 2 }] });
    // @ts-expect-error: an address needs its country
    client.setPaymentAddress({
      payment_firstname: 'Jane',
      payment_lastname: 'Smith',
      payment_address_1: '1 Market Street',
      payment_city: 'Preston',
    });
    // @ts-expect-error: history needs the order and its new status
    client.addHistory({ order_id: 1 });
    // @ts-expect-error: order info needs the order
    client.getOrder();
    // @ts-expect-error: the named call asks the same
    client.call('product_add');
    expectTypeOf<ClientRequest<'customer'>>().toHaveProperty('firstname');
    expectTypeOf<ClientRequest<'customer'>['firstname']>().toEqualTypeOf<string | number>();
  });

  it('refuses a field the operation does not have', () => {
    // @ts-expect-error: `firstnme` is no field of the customer step
    client.setCustomer({ ...jane, firstnme: 'Jane' });
    // @ts-expect-error: the single add has no `products`
    client.addProduct({ product_id: 40, products: 40 });
    // @ts-expect-error: order info has nothing but `order_id`
    client.getOrder({ order_id: 1, comment: 'x' });
  });

  it('refuses a field of the wrong type', () => {
    // @ts-expect-error: an id is a number or a numeric string, never a boolean
    client.setCustomer({ ...jane, customer_id: true });
    // @ts-expect-error: a flag is no object
    client.addHistory({ order_id: 1, order_status_id: 2, notify: {} });
    // @ts-expect-error: a shipping method object needs its code
    client.setShippingMethod({ shipping_method: { name: 'Flat' } });
    // @ts-expect-error: a quantity is a number or a numeric string
    client.addProducts({ product: [{ product_id: 40, quantity: 'two' }] });
  });

  it('sends an idempotency key on confirm only', () => {
    // @ts-expect-error: only confirm takes an idempotency key
    client.setCustomer(jane, { idempotencyKey: 'k' });
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
    if (login.isErr() && login.error.kind === 'unexpected') {
      expectTypeOf(login.error).toEqualTypeOf<UnexpectedAnswer>();
      expectTypeOf(login.error.body).toEqualTypeOf<unknown>();
    }
  });
});
