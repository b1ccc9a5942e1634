/**
 * Builders for the demo products' options, so the product table reads like OpenCart's, and product 42's
 * options: one of every type.
 * @module
 */
import type { OptionType, ProductOption, ProductOptionValue } from '../domain/records/catalog.js';
import { money } from '../money/index.js';

/** The stock the demo gives what its checkouts buy, so the demo and the benchmarks never run it out. */
export const PLENTY = 1_000_000;

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

/**
 * What identifies an option of a product. `sortOrder` is the global option's (OpenCart has no sort of its own on
 * a product's option), so a product lists its options in the options' order.
 */
interface OptionHead {
  readonly productOptionId: number;
  readonly optionId: number;
  readonly name: string;
  readonly type: OptionType;
  readonly sortOrder: number;
}

/** A required select, radio or checkbox option with its values, listed in their display order. */
export function choiceOption(head: OptionHead, values: readonly ProductOptionValue[]): ProductOption {
  return { ...head, required: true, value: '', validation: '', values };
}

/** A required select option with its values. */
export function selectOption(
  head: Omit<OptionHead, 'type'>,
  values: readonly ProductOptionValue[],
): ProductOption {
  return choiceOption({ ...head, type: 'select' }, values);
}

/** A required free-text option (text, textarea, file, date, time, datetime) with its default value. */
export function freeOption(head: OptionHead, value = ''): ProductOption {
  return { ...head, required: true, value, validation: '', values: [] };
}

/** A value of product 42: plenty of stock, price and weight alike (`+10.00` weighs `+10`), points as given. */
function cinemaValue(
  productOptionValueId: number,
  optionValueId: number,
  name: string,
  amount: number,
  extras: Pick<ValueExtras, 'subtract' | 'points'> = {},
): ProductOptionValue {
  return optionValue(productOptionValueId, optionValueId, name, `${amount}.00`, {
    quantity: PLENTY,
    subtract: extras.subtract ?? true,
    points: extras.points ?? 0,
    weight: `${amount}.00000000`,
  });
}

/**
 * Product 42's options, in OpenCart's display order (by the options' sort order, values by theirs): one of every
 * type, all required, with OpenCart's ids, prices, points and weights. Blue and Green do not subtract stock.
 */
export function cinemaOptions(): ProductOption[] {
  return [
    choiceOption({ productOptionId: 218, optionId: 1, name: 'Radio', type: 'radio', sortOrder: 1 }, [
      cinemaValue(5, 32, 'Small', 10, { points: 1 }),
      cinemaValue(6, 31, 'Medium', 20, { points: -2 }),
      cinemaValue(7, 43, 'Large', 30, { points: 3 }),
    ]),
    choiceOption({ productOptionId: 223, optionId: 2, name: 'Checkbox', type: 'checkbox', sortOrder: 2 }, [
      cinemaValue(8, 23, 'Checkbox 1', 10),
      cinemaValue(9, 24, 'Checkbox 2', 20),
      cinemaValue(10, 44, 'Checkbox 3', 30),
      cinemaValue(11, 45, 'Checkbox 4', 40),
    ]),
    freeOption({ productOptionId: 208, optionId: 4, name: 'Text', type: 'text', sortOrder: 3 }, 'test'),
    selectOption({ productOptionId: 217, optionId: 5, name: 'Select', sortOrder: 4 }, [
      cinemaValue(4, 39, 'Red', 4),
      cinemaValue(3, 40, 'Blue', 3, { subtract: false }),
      cinemaValue(1, 41, 'Green', 1, { subtract: false }),
      cinemaValue(2, 42, 'Yellow', 2),
    ]),
    freeOption({ productOptionId: 209, optionId: 6, name: 'Textarea', type: 'textarea', sortOrder: 5 }),
    freeOption({ productOptionId: 222, optionId: 7, name: 'File', type: 'file', sortOrder: 6 }),
    freeOption({ productOptionId: 219, optionId: 8, name: 'Date', type: 'date', sortOrder: 7 }, '2011-02-20'),
    freeOption({ productOptionId: 221, optionId: 9, name: 'Time', type: 'time', sortOrder: 8 }, '22:25'),
    freeOption(
      { productOptionId: 220, optionId: 10, name: 'Date & Time', type: 'datetime', sortOrder: 9 },
      '2011-02-20 22:25',
    ),
  ];
}
