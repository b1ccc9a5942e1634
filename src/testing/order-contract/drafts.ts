/**
 * Drafts and draft checks shared by the order-repository contract cases.
 * @module
 */
import assert from 'node:assert/strict';
import type { OrderDraft, OrderRecord } from '../../domain/records/order.js';
import { money } from '../../money/index.js';
import { sampleOrderDraft, sampleOrderProduct } from '../order-fixtures.js';
import { demo } from './helpers.js';

const usd = (amount: string) => money(amount, 'USD');

/** Asserts that `order` carries every field of `draft`, unchanged. */
export function expectDraftFields(order: OrderRecord, draft: OrderDraft, when: string): void {
  for (const key of Object.keys(draft) as (keyof OrderDraft)[]) {
    assert.deepStrictEqual(order[key], draft[key], `${when}: field ${key} differs from the draft`);
  }
}

/** A second draft for the same order: two Canon EOS 5D in Red at the group-1 special, another comment. */
export function changedDraft(): OrderDraft {
  return sampleOrderDraft({
    products: [
      sampleOrderProduct({
        productId: demo.canon,
        name: 'Canon EOS 5D',
        model: 'Product 3',
        quantity: 2,
        price: usd('80.00'),
        total: usd('160.00'),
        tax: usd('18.00'),
        options: [
          {
            productOptionId: 226,
            productOptionValueId: demo.red,
            optionId: 5,
            optionValueId: 39,
            name: 'Select',
            value: 'Red',
            type: 'select',
            subtract: true,
          },
        ],
      }),
    ],
    totals: [
      { code: 'sub_total', title: 'Sub-Total', value: usd('160.00'), sortOrder: 1 },
      { code: 'shipping', title: 'Flat Shipping Rate', value: usd('5.00'), sortOrder: 3 },
      { code: 'tax', title: 'Eco Tax (-2.00)', value: usd('6.00'), sortOrder: 5 },
      { code: 'tax', title: 'VAT (20%)', value: usd('33.00'), sortOrder: 5 },
      { code: 'total', title: 'Total', value: usd('204.00'), sortOrder: 9 },
    ],
    taxes: [
      { taxRateId: 87, name: 'Eco Tax (-2.00)', amount: usd('6.00') },
      { taxRateId: 86, name: 'VAT (20%)', amount: usd('33.00') },
    ],
    total: usd('204.00'),
    comment: 'Changed to the Canon, two of them.',
    loggedInCustomerId: 1,
    dateModified: '2024-05-01T11:00:00.000Z',
  });
}
