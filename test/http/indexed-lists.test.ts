/**
 * Lists written with indexes over HTTP: PHP's `http_build_query` writes `option[223][0]=8&option[223][1]=10`,
 * never `option[223][]=8`, and PHP reads both as one array. Wherever a list is expected (a checkbox option on
 * the single add and on the multi add's rows, a checkbox custom field on the customer and the addresses), the
 * indexed form, a JSON object keyed by index, and a scalar are that list.
 */
import { describe, expect, it } from 'vitest';
import type { CustomFieldDefinition } from '../../src/demo/store-data.js';
import { guest, type Harness, type Session, startDemo, ukAddress } from './support/harness.js';

/** The options of the Apple Cinema 30" (product 42) but its checkbox (223), as a form writes them. */
const otherOptions =
  'option[218]=5&option[208]=test&option[217]=1&option[209]=x&option[222]=upload-code' +
  '&option[219]=2026-01-01&option[221]=10:00&option[220]=2026-01-01%2010:00';

/** The same options as a JSON object. */
const otherOptionsJson = {
  218: '5',
  208: 'test',
  217: '1',
  209: 'x',
  222: 'upload-code',
  219: '2026-01-01',
  221: '10:00',
  220: '2026-01-01 10:00',
};

/** The options of `body` under `product[0]` instead of the top level. */
function asRow(body: string): string {
  return body.replaceAll('option[', 'product[0][option][');
}

interface Line {
  readonly cart_id: string;
  readonly quantity: number;
  readonly option: readonly {
    readonly product_option_id: number;
    readonly product_option_value_id: number;
  }[];
}

async function linesOf(session: Session): Promise<Line[]> {
  return (await session.call('api/cart/getProducts')).body as Line[];
}

/** The checkbox values a line holds. */
function checkboxValues(line: Line | undefined): number[] {
  return (line?.option ?? [])
    .filter((option) => option.product_option_id === 223)
    .map((option) => option.product_option_value_id);
}

describe('checkbox options written with indexes', () => {
  it('the single add reads option[223][0], [1] as the list option[223][] is: one line, quantities added', async () => {
    const session = await (await startDemo()).login();
    const pushed = await session.call('api/cart/addProduct', {
      form: `product_id=42&quantity=1&option[223][]=8&option[223][]=10&${otherOptions}`,
    });
    expect(pushed.body).toEqual({ success: 'Product added to cart successfully!' });
    const indexed = await session.call('api/cart/addProduct', {
      form: `product_id=42&quantity=2&option[223][0]=8&option[223][1]=10&${otherOptions}`,
    });
    expect(indexed).toMatchObject({ status: 200, body: { success: 'Product added to cart successfully!' } });
    const lines = await linesOf(session);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
    expect(checkboxValues(lines[0])).toEqual([8, 10]);
  });

  it('reads the indexes in numeric order, and still checks every value', async () => {
    const session = await (await startDemo()).login();
    const reply = await session.call('api/order&call=product_add', {
      form: `product_id=42&option[223][10]=10&option[223][2]=8&${otherOptions}`,
    });
    expect(reply.status).toBe(200);
    expect(checkboxValues((await linesOf(session))[0])).toEqual([8, 10]);
    const bad = await session.call('api/cart/addProduct', {
      form: `product_id=42&option[223][0]=8&option[223][1]=999&${otherOptions}`,
    });
    expect(bad).toMatchObject({ status: 422, error: { option_223: 'Checkbox is not a valid input!' } });
  });

  it('the multi add reads product[0][option][223][0], [1] as the list', async () => {
    const session = await (await startDemo()).login();
    const reply = await session.call('api/order&call=cart', {
      form: `product[0][product_id]=42&${asRow('option[223][0]=9&option[223][1]=10&')}${asRow(otherOptions)}`,
    });
    expect(reply).toMatchObject({ status: 200, body: { success: 'Products added to cart successfully!' } });
    expect(checkboxValues((await linesOf(session))[0])).toEqual([9, 10]);
  });

  it('a JSON object keyed by index is the list, on the single add and on a row', async () => {
    const session = await (await startDemo()).login();
    const single = await session.call('api/cart/addProduct', {
      json: { product_id: 42, option: { ...otherOptionsJson, 223: { 0: '8', 1: '10' } } },
    });
    expect(single).toMatchObject({ status: 200, body: { success: 'Product added to cart successfully!' } });
    const row = await session.call('api/cart', {
      json: { product: { 0: { product_id: 42, option: { ...otherOptionsJson, 223: { 1: 10, 0: 8 } } } } },
    });
    expect(row).toMatchObject({ status: 200, body: { success: 'Products added to cart successfully!' } });
    const lines = await linesOf(session);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(2);
    expect(checkboxValues(lines[0])).toEqual([8, 10]);
  });

  it('a scalar is a one-value list; keys that are not indexes are no list', async () => {
    const session = await (await startDemo()).login();
    const scalar = await session.call('api/cart/addProduct', {
      form: `product_id=42&option[223]=9&${otherOptions}`,
    });
    expect(scalar.status).toBe(200);
    expect(checkboxValues((await linesOf(session))[0])).toEqual([9]);
    for (const key of ['01', '-1', 'a'])
      expect(
        await session.call('api/cart/addProduct', {
          form: `product_id=42&option[223][0]=8&option[223][${key}]=10&${otherOptions}`,
        }),
        key,
      ).toMatchObject({ status: 422, error: { option_223: 'Checkbox is not a valid input!' } });
  });
});

/** A demo whose checkbox custom fields (3 on the account, 11 on addresses) are enabled, required for group 1. */
async function demoWithCheckboxFields(): Promise<Harness> {
  const demo = await startDemo();
  for (const id of [3, 11]) {
    const field = demo.app.data.customFields.get(id) as CustomFieldDefinition;
    demo.app.data.customFields.set(id, { ...field, status: true });
  }
  return demo;
}

describe('checkbox custom fields written with indexes', () => {
  it('the customer reads custom_field[3][0], [1] as the list custom_field[3][] is', async () => {
    const session = await (await demoWithCheckboxFields()).login();
    const customer = new URLSearchParams(guest).toString();
    for (const list of [
      'custom_field[3][]=7&custom_field[3][]=9',
      'custom_field[3][0]=7&custom_field[3][1]=9',
      'custom_field[3]=8',
    ])
      expect(await session.call('api/customer', { form: `${customer}&${list}` }), list).toMatchObject({
        status: 200,
        body: { success: 'Customer data set successfully!' },
      });
    expect(
      await session.call('api/customer', { form: `${customer}&custom_field[3][0]=7&custom_field[3][1]=99` }),
    ).toMatchObject({ status: 422, error: { custom_field_3: 'Checkbox is not a valid input!' } });
  });

  it('the addresses read <prefix>custom_field[11][0], [1] as the list, and JSON objects keyed by index', async () => {
    const session = await (await demoWithCheckboxFields()).login();
    await session.call('api/cart', { form: { 'product[0][product_id]': '40' } });
    for (const prefix of ['payment_', 'shipping_'] as const) {
      const address = new URLSearchParams(ukAddress(prefix)).toString();
      const form = await session.call(`api/order&call=${prefix}address`, {
        form: `${address}&${prefix}custom_field[11][0]=20&${prefix}custom_field[11][1]=22`,
      });
      expect(form, prefix).toMatchObject({ status: 200 });
      const json = await session.call(`api/order&call=${prefix}address`, {
        json: { ...ukAddress(prefix), [`${prefix}custom_field`]: { 11: { 0: '21', 1: 22 } } },
      });
      expect(json, prefix).toMatchObject({ status: 200 });
      const bad = await session.call(`api/order&call=${prefix}address`, {
        form: `${address}&${prefix}custom_field[11][0]=20&${prefix}custom_field[11][1]=5`,
      });
      expect(bad, prefix).toMatchObject({
        status: 422,
        error: { [`${prefix}custom_field_11`]: 'Checkbox is not a valid input!' },
      });
    }
  });
});
