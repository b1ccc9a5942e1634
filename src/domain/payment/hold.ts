/**
 * Stock held for an order while its payment is open: the units its lines take, until when, and how the hold
 * ended. Held units are out of stock for every other cart and confirm; the hold ends by being released (the
 * payment failed or was voided), by expiring, or by turning into the order's own stock move (the payment was
 * authorized).
 * @module
 */
import type { StockMove } from '../order/write.js';

/** Units of one product, or of one of its option values, held for an order. */
export interface HeldStock {
  readonly productId: number;
  /** Set when the option value's stock is held instead of the product's. */
  readonly productOptionValueId: number | null;
  /** Units held, 1 or more. */
  readonly quantity: number;
}

/** How a hold ended: its units given back (`released`, `expired`), or kept by the order's stock move. */
export interface HoldEnd {
  readonly at: string;
  readonly how: 'released' | 'expired' | 'converted';
}

/** An order's stock hold. A hold with no lines still has its time: the payment's time to complete. */
export interface StockHold {
  readonly lines: readonly HeldStock[];
  /** ISO-8601 instant after which the hold is due to be released. */
  readonly expiresAt: string;
  /** Null while the units are held. */
  readonly ended: HoldEnd | null;
}

/** What a payment write does to the order's hold. */
export type HoldChange =
  /** Takes the lines' units out of stock until `expiresAt` (refused, with the write, when there are not enough). */
  | { readonly kind: 'take'; readonly lines: readonly HeldStock[]; readonly expiresAt: string }
  /** Gives the held units back (the payment failed, was voided or expired). */
  | { readonly kind: 'release'; readonly how: 'released' | 'expired' }
  /**
   * Gives the held units back and lets the write's history entry take them again with its own stock moves, in the
   * same transaction: the hold becomes the order's normal stock move (the payment was authorized).
   */
  | { readonly kind: 'convert' };

/** True while the hold's units are out of stock. */
export function isHolding(hold: StockHold | undefined): hold is StockHold {
  return hold !== undefined && hold.ended === null;
}

/** True when the hold still holds units and its time has come at `now` (ISO-8601 instants). */
export function isHoldDue(hold: StockHold | undefined, now: string): boolean {
  return isHolding(hold) && Date.parse(hold.expiresAt) <= Date.parse(now);
}

/** The guarded moves that take a hold's units out of stock. */
export function takeMoves(lines: readonly HeldStock[]): readonly StockMove[] {
  return lines.map(({ productId, productOptionValueId, quantity }) => ({
    productId,
    productOptionValueId,
    delta: -quantity,
    guard: true,
  }));
}

/** The moves that give a hold's units back. */
export function returnMoves(lines: readonly HeldStock[]): readonly StockMove[] {
  return lines.map(({ productId, productOptionValueId, quantity }) => ({
    productId,
    productOptionValueId,
    delta: quantity,
    guard: false,
  }));
}

/**
 * The units an order's lines hold: each product with `subtract`, and each chosen option value with `subtract`,
 * by their quantities, merged by target (two lines of one product hold their sum).
 */
export function heldStockOf(
  products: readonly {
    readonly productId: number;
    readonly quantity: number;
    readonly subtract: boolean;
    readonly options: readonly { readonly productOptionValueId: number; readonly subtract: boolean }[];
  }[],
): readonly HeldStock[] {
  const held = new Map<string, HeldStock>();
  const add = (productId: number, productOptionValueId: number | null, quantity: number) => {
    const key = `${productId}:${productOptionValueId ?? ''}`;
    const known = held.get(key);
    held.set(key, { productId, productOptionValueId, quantity: (known?.quantity ?? 0) + quantity });
  };
  for (const line of products) {
    if (line.subtract) add(line.productId, null, line.quantity);
    for (const option of line.options) {
      if (option.subtract) add(line.productId, option.productOptionValueId, line.quantity);
    }
  }
  return [...held.values()];
}
