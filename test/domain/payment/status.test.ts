/**
 * The payment state table, its paths and the state diagram generated from it (kept equal to docs/payments.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  canMovePayment,
  isFinalPaymentStatus,
  isOpenPaymentStatus,
  isPaymentStatus,
  paymentDiagram,
  paymentMoves,
  paymentPath,
  paymentStatuses,
} from '../../../src/domain/payment/index.js';

describe('the payment state table', () => {
  it('has a row for every status and moves only to statuses it knows', () => {
    expect(Object.keys(paymentMoves).sort()).toEqual([...paymentStatuses].sort());
    for (const from of paymentStatuses)
      for (const to of paymentMoves[from]) expect(paymentStatuses).toContain(to);
  });

  it('goes pending → requires_action → authorized → captured → refunds, and may skip requires_action', () => {
    expect(paymentPath('pending', 'captured')).toEqual(['authorized', 'captured']);
    expect(paymentPath('requires_action', 'refunded')).toEqual(['authorized', 'captured', 'refunded']);
    expect(canMovePayment('pending', 'requires_action')).toBe(true);
    expect(canMovePayment('pending', 'authorized')).toBe(true);
  });

  it('ends at failed, voided, expired and refunded; failed and voided only before the capture', () => {
    expect(paymentStatuses.filter(isFinalPaymentStatus)).toEqual(['refunded', 'failed', 'voided', 'expired']);
    for (const from of ['pending', 'requires_action', 'authorized'] as const) {
      expect(canMovePayment(from, 'failed'), from).toBe(true);
      expect(canMovePayment(from, 'voided'), from).toBe(true);
      expect(canMovePayment(from, 'expired'), from).toBe(true);
    }
    for (const from of ['captured', 'partially_refunded'] as const) {
      expect(canMovePayment(from, 'voided'), from).toBe(false);
      expect(canMovePayment(from, 'failed'), from).toBe(false);
      expect(canMovePayment(from, 'expired'), from).toBe(false);
    }
  });

  it('never moves back', () => {
    expect(paymentPath('authorized', 'pending')).toBeUndefined();
    expect(paymentPath('captured', 'authorized')).toBeUndefined();
    expect(paymentPath('refunded', 'captured')).toBeUndefined();
    expect(canMovePayment('requires_action', 'pending')).toBe(false);
  });

  it('calls pending and requires_action open', () => {
    expect(paymentStatuses.filter(isOpenPaymentStatus)).toEqual(['pending', 'requires_action']);
  });

  it('knows its status names', () => {
    expect(isPaymentStatus('authorized')).toBe(true);
    expect(isPaymentStatus('succeeded')).toBe(false);
    expect(isPaymentStatus(3)).toBe(false);
  });
});

describe('paymentDiagram', () => {
  it('draws one arrow per allowed move, a start and the ends', () => {
    const diagram = paymentDiagram();
    const arrows = diagram.split('\n').filter((line) => /^ {2}\w+ --> \w+$/.test(line));
    const moves = paymentStatuses.flatMap((from) => paymentMoves[from].map((to) => `  ${from} --> ${to}`));
    expect(arrows).toEqual(moves);
    expect(diagram).toContain('[*] --> pending');
    expect(diagram).toContain('expired --> [*]');
  });

  it('is the diagram docs/payments.md shows', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/payments.md'), 'utf8');
    expect(doc).toContain(`\`\`\`mermaid\n${paymentDiagram()}\n\`\`\``);
  });
});
