/**
 * Bringing a recorded payment up to the provider's truth: the moves it takes, nothing when they agree, and a
 * refusal when the truth is about another payment or out of the table's reach.
 */
import { describe, expect, it } from 'vitest';
import {
  movePayment,
  openPayment,
  type PaymentRecord,
  type ProviderPayment,
  reconcilePayment,
} from '../../../src/domain/payment/index.js';
import { money } from '../../../src/money/index.js';

const AT = '2024-05-01T10:00:00.000Z';
const usd = (amount: string) => money(amount, 'USD');

const pending = (): PaymentRecord => openPayment({ providerCode: 'stripe', amount: usd('50.00'), at: AT });

function truth(partial: Partial<ProviderPayment>): ProviderPayment {
  return {
    reference: 'pi_1',
    status: 'authorized',
    amount: usd('50.00'),
    captured: usd('0'),
    refunded: usd('0'),
    action: null,
    failure: null,
    ...partial,
  };
}

describe('reconcilePayment', () => {
  it('moves a pending payment to authorized and learns its reference', () => {
    const { record, moves } = reconcilePayment(pending(), truth({}), AT, 'webhook')._unsafeUnwrap();
    expect(record).toMatchObject({ status: 'authorized', reference: 'pi_1' });
    expect(moves.map((m) => [m.from, m.to, m.note])).toEqual([['pending', 'authorized', 'webhook']]);
  });

  it('walks every move the table needs: an authorization and its capture seen at once', () => {
    const result = reconcilePayment(
      pending(),
      truth({ status: 'captured', captured: usd('50') }),
      AT,
      'sync',
    );
    const { record, moves } = result._unsafeUnwrap();
    expect(moves.map((m) => m.to)).toEqual(['authorized', 'captured']);
    expect(record.captured).toEqual(usd('50'));
  });

  it('moves nothing when the record already agrees (a second webhook, the client after the webhook)', () => {
    const first = reconcilePayment(pending(), truth({}), AT, 'webhook')._unsafeUnwrap().record;
    const second = reconcilePayment(first, truth({}), AT, 'client')._unsafeUnwrap();
    expect(second.moves).toEqual([]);
    expect(second.record).toBe(first);
  });

  it('records a further partial refund as a move to the same status, by the difference', () => {
    const captured = reconcilePayment(
      pending(),
      truth({ status: 'captured', captured: usd('50') }),
      AT,
      'x',
    )._unsafeUnwrap().record;
    const part = movePayment(captured, {
      to: 'partially_refunded',
      at: AT,
      note: 'refund',
      amount: usd('10'),
    })._unsafeUnwrap();
    const more = truth({ status: 'partially_refunded', captured: usd('50'), refunded: usd('25') });
    const { record, moves } = reconcilePayment(part, more, AT, 'webhook')._unsafeUnwrap();
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      from: 'partially_refunded',
      to: 'partially_refunded',
      amount: usd('15'),
    });
    expect(record.refunded).toEqual(usd('25'));
  });

  it('carries the action of requires_action and the provider’s reason of failed', () => {
    const action = { type: 'redirect', url: 'https://gateway/3ds/pi_1' } as const;
    const challenged = reconcilePayment(
      pending(),
      truth({ status: 'requires_action', action }),
      AT,
      'confirm',
    );
    expect(challenged._unsafeUnwrap().record.action).toEqual(action);
    const failed = reconcilePayment(
      pending(),
      truth({ status: 'failed', failure: 'card_declined' }),
      AT,
      'confirm',
    );
    expect(failed._unsafeUnwrap().moves[0]?.note).toBe('confirm: card_declined');
  });

  it('refuses a truth about another payment, in another currency, or out of the table’s reach', () => {
    const known = reconcilePayment(pending(), truth({}), AT, 'x')._unsafeUnwrap().record;
    expect(reconcilePayment(known, truth({ reference: 'pi_2' }), AT, 'x')._unsafeUnwrapErr().code).toBe(
      'reference',
    );
    const euro = truth({
      amount: money('50', 'EUR'),
      captured: money('0', 'EUR'),
      refunded: money('0', 'EUR'),
    });
    expect(reconcilePayment(pending(), euro, AT, 'x')._unsafeUnwrapErr().code).toBe('amount');
    const captured = reconcilePayment(
      pending(),
      truth({ status: 'captured', captured: usd('50') }),
      AT,
      'x',
    )._unsafeUnwrap().record;
    expect(reconcilePayment(captured, truth({ status: 'voided' }), AT, 'x')._unsafeUnwrapErr().code).toBe(
      'not_allowed',
    );
    expect(reconcilePayment(known, truth({ status: 'pending' }), AT, 'x')._unsafeUnwrapErr().code).toBe(
      'not_allowed',
    );
  });

  it('refuses requires_action without an action', () => {
    const result = reconcilePayment(pending(), truth({ status: 'requires_action' }), AT, 'x');
    expect(result._unsafeUnwrapErr().code).toBe('action');
  });
});
