/**
 * The records the reference cache keeps, by kind and key, and which change notice drops which of them.
 * @module
 */

/** The kinds of record kept: each is dropped as a whole, or (products) one key at a time. */
export type CacheKind =
  | 'products'
  | 'categories'
  | 'geoZones'
  | 'countries'
  | 'taxes'
  | 'customerGroups'
  | 'customFields'
  | 'apiUsers';

/** Every kind, to drop them all. */
const allKinds: readonly CacheKind[] = [
  'products',
  'categories',
  'geoZones',
  'countries',
  'taxes',
  'customerGroups',
  'customFields',
  'apiUsers',
];

/** The kind each table's rows go into (the migration's triggers send the table's name). */
const kindOfTable: Readonly<Record<string, CacheKind>> = {
  product: 'products',
  product_to_category: 'products',
  product_option: 'products',
  product_option_value: 'products',
  product_discount: 'products',
  product_special: 'products',
  product_reward: 'products',
  product_subscription: 'products',
  subscription_plan: 'products',
  category: 'categories',
  customer_group: 'customerGroups',
  custom_field: 'customFields',
  custom_field_value: 'customFields',
  custom_field_customer_group: 'customFields',
  country: 'countries',
  zone: 'countries',
  geo_zone: 'geoZones',
  zone_to_geo_zone: 'geoZones',
  tax_class: 'taxes',
  tax_rate: 'taxes',
  tax_rate_to_customer_group: 'taxes',
  tax_rule: 'taxes',
  api: 'apiUsers',
  api_ip: 'apiUsers',
  api_signing: 'apiUsers',
};

/** What one notice drops: a whole kind, one key of it, or (a notice not understood) everything. */
export type Dropped = { readonly kind: CacheKind; readonly key?: string } | { readonly kind: 'all' };

/** What the notice `payload` (`table` or `table productId`) drops. */
export function droppedBy(payload: string | undefined): Dropped {
  const [table = '', id, ...rest] = (payload ?? '').split(' ');
  const kind = Object.hasOwn(kindOfTable, table) ? kindOfTable[table] : undefined;
  if (kind === undefined || rest.length > 0) return { kind: 'all' };
  return kind === 'products' && id !== undefined && /^\d+$/.test(id) ? { kind, key: id } : { kind };
}

/**
 * Records by kind and key, each kept as the promise of its read (so concurrent misses share one read). A read
 * that fails is forgotten; a kind holding more than `maxEntries` keys forgets its oldest first.
 */
export class CacheEntries {
  private readonly kinds = new Map<CacheKind, Map<string, Promise<unknown>>>(
    allKinds.map((kind) => [kind, new Map()]),
  );

  constructor(private readonly maxEntries: number) {}

  /** The record kept for `key`, or undefined. */
  get<T>(kind: CacheKind, key: string): Promise<T> | undefined {
    return this.kinds.get(kind)?.get(key) as Promise<T> | undefined;
  }

  /** Keeps `record` for `key` (forgotten again if it rejects), and answers it. */
  set<T>(kind: CacheKind, key: string, record: Promise<T>): Promise<T> {
    const entries = this.kinds.get(kind);
    if (entries === undefined) return record;
    entries.set(key, record);
    if (entries.size > this.maxEntries) {
      const oldest = entries.keys().next();
      if (oldest.done !== true) entries.delete(oldest.value);
    }
    record.catch(() => {
      if (entries.get(key) === record) entries.delete(key);
    });
    return record;
  }

  /** Forgets what `dropped` names. */
  drop(dropped: Dropped): void {
    if (dropped.kind === 'all') {
      for (const entries of this.kinds.values()) entries.clear();
    } else if ('key' in dropped && dropped.key !== undefined) {
      this.kinds.get(dropped.kind)?.delete(dropped.key);
    } else {
      this.kinds.get(dropped.kind)?.clear();
    }
  }
}
