/**
 * The test card gateway's memory: the payments it made and the idempotency keys it has seen, with a gateway's
 * rules for replays (the same key and request answer as the first time; the same key with another request is
 * refused).
 * @module
 */
import type { ProviderPayment } from '../../domain/payment/index.js';
import type { ProviderAnswer } from '../../ports/payment-provider.js';

/** A payment the gateway made, with what it needs to finish a challenge. */
export interface GatewayPayment {
  payment: ProviderPayment;
  readonly orderId: number;
  readonly returnUrl: string | null;
}

/** What one idempotency key answered, and a fingerprint of the request that used it. */
interface KeyUse {
  readonly fingerprint: string;
  readonly answer: ProviderAnswer;
}

/** The gateway's state: payments by reference, keys by value, and the counters of its ids. */
export class TestCardGateway {
  readonly #payments = new Map<string, GatewayPayment>();
  readonly #keys = new Map<string, KeyUse>();
  #payment = 0;
  #event = 0;

  /** A new payment reference (`tc_1`, `tc_2`, …). */
  nextReference(): string {
    this.#payment += 1;
    return `tc_${this.#payment}`;
  }

  /** A new event id (`evt_tc_1`, …). */
  nextEventId(): string {
    this.#event += 1;
    return `evt_tc_${this.#event}`;
  }

  /** The payment of `reference`, or undefined. */
  find(reference: string): GatewayPayment | undefined {
    return this.#payments.get(reference);
  }

  /** Stores a payment (new, or changed). */
  keep(entry: GatewayPayment): void {
    this.#payments.set(entry.payment.reference, entry);
  }

  /**
   * Runs `work` once per idempotency key: a second call with the same key and fingerprint answers what the first
   * answered without running; with another fingerprint it is refused. `work` runs synchronously after the key is
   * checked, so two calls with one key never both run.
   */
  once(key: string, fingerprint: string, work: () => ProviderAnswer): ProviderAnswer {
    const used = this.#keys.get(key);
    if (used !== undefined) {
      return used.fingerprint === fingerprint
        ? used.answer
        : {
            outcome: 'refused',
            code: 'invalid',
            reason: `idempotency key ${key} was used for another request`,
          };
    }
    const answer = work();
    this.#keys.set(key, { fingerprint, answer });
    return answer;
  }
}
