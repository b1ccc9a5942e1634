/**
 * Builders for the demo products' options, so the product table reads like DEMO-STORE.md.
 * @module
 */
import type { OptionType, ProductOption, ProductOptionValue } from '../../../domain/records/catalog.js';
import { money } from '../../../money/index.js';

/** What an option value may set beyond its ids, name and price. */
interface ValueExtras {
  readonly quantity?: number;
  readonly subtract?: boolean;
  readonly points?: number;
  readonly weight?: string;
}

/** One value of a select, radio or checkbox option; `price` is the USD amount added to the unit price. */
export function optionValue(
  productOptionValueId: number,
  optionValueId: number,
  name: string,
  price: string,
  extras: ValueExtras = {},
): ProductOptionValue {
  return {
    productOptionValueId,
    optionValueId,
    name,
    quantity: extras.quantity ?? 0,
    subtract: extras.subtract ?? false,
    price: money(price, 'USD'),
    points: extras.points ?? 0,
    weight: extras.weight ?? '0.00000000',
  };
}

/** What identifies an option of a product. */
interface OptionHead {
  readonly productOptionId: number;
  readonly optionId: number;
  readonly name: string;
  readonly type: OptionType;
  readonly sortOrder: number;
}

/** A required select, radio or checkbox option with its values. */
export function choiceOption(head: OptionHead, values: readonly ProductOptionValue[]): ProductOption {
  return { ...head, required: true, value: '', validation: '', values };
}

/** A required free-text option (text, textarea, file, date, time, datetime) with its default value. */
export function freeOption(head: OptionHead, value = ''): ProductOption {
  return { ...head, required: true, value, validation: '', values: [] };
}
