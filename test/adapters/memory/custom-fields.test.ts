import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, demoStore } from '../../../src/adapters/memory/index.js';
import { testClock } from './helpers.js';

/** A store whose customer group 1 is asked one text field. */
function storeWithField() {
  const { data } = demoStore();
  data.customFields.clear();
  data.customFields.set(1, {
    customFieldId: 1,
    name: 'Tax number',
    location: 'account',
    type: 'text',
    validation: '',
    status: true,
    sortOrder: 1,
    values: [],
    customerGroups: [{ customerGroupId: 1, required: true }],
  });
  return { data, customers: createMemoryAdapters(data, { clock: testClock() }).customers };
}

describe('memory custom fields', () => {
  it('answers the same field object again while its definition says the same', async () => {
    const { customers } = storeWithField();
    const [first] = await customers.getCustomFields(1);
    const [again] = await customers.getCustomFields(1);
    expect(again).toBe(first);
  });

  it('answers a changed definition, never the field made before the change', async () => {
    const { data, customers } = storeWithField();
    await customers.getCustomFields(1);
    const definition = data.customFields.get(1);
    if (definition === undefined) throw new Error('no definition');
    data.customFields.set(1, { ...definition, name: 'VAT number' });
    expect((await customers.getCustomFields(1)).map((field) => field.name)).toEqual(['VAT number']);
    data.customFields.set(1, {
      ...definition,
      customerGroups: [{ customerGroupId: 1, required: false }],
    });
    expect((await customers.getCustomFields(1)).map((field) => field.required)).toEqual([false]);
    data.customFields.set(1, { ...definition, status: false });
    expect(await customers.getCustomFields(1)).toEqual([]);
    expect(await customers.getCustomFields(2)).toEqual([]);
  });

  it('answers a definition changed in place, never the field made before the change', async () => {
    const { data, customers } = storeWithField();
    await customers.getCustomFields(1);
    const definition = data.customFields.get(1) as { -readonly [K in 'name' | 'sortOrder']: unknown };
    definition.name = 'Company number';
    definition.sortOrder = 4;
    const [field] = await customers.getCustomFields(1);
    expect([field?.name, field?.sortOrder]).toEqual(['Company number', 4]);
  });
});
