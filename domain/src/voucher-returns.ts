/**
 * Returns of posted goods (issue 16 point 6): the reasons a shopper gives, as stored and as shown,
 * and the steps of a return in the spec §3 status words, in order. Pure.
 */
import type { StoredVoucherStatus } from './voucher-status.ts';

/** The reasons a shop offers for sending goods back, as stored (the GraphQL enum is these in upper case). */
export const RETURN_REASONS = ['damaged', 'not_as_described', 'wrong_item', 'changed_mind'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** What the shopper reads for each reason. */
export const RETURN_REASON_WORDS: Readonly<Record<ReturnReason, string>> = {
  damaged: 'Damaged or faulty',
  not_as_described: 'Not as described',
  wrong_item: 'Wrong item sent',
  changed_mind: 'Changed my mind',
};

/** A shopper's note with the reason: at most this many characters. */
export const RETURN_NOTE_MAX = 500;

/** A return's steps, in order: spec §3 statuses, word for word. */
export const RETURN_STEPS = ['Return Requested', 'Return in Transit', 'Returned to the Merchant', 'Refunded'] as const satisfies readonly StoredVoucherStatus[];
export type ReturnStep = (typeof RETURN_STEPS)[number];

/** Whether a voucher status is a step of a return (Refunded is one only for a voucher that was returned). */
export function isReturnStep(status: string): status is ReturnStep {
  return (RETURN_STEPS as readonly string[]).includes(status);
}
