/**
 * The error members of every voucher action's result (refundVoucher, exchangeVoucherForCredit,
 * takeExpiredVoucherCredit, requestVoucherReturn, giftVoucher, claimGift: schema.graphql), and how the vouchers service's
 * problems become them: its field errors as they are worded, VOUCHER_* and GIFT_* codes as a
 * VoucherActionError (user-errors.ts).
 */
import { validationError, type ProblemMapping } from '../user-errors.ts';

export const VOUCHER_ACTION_ERRORS = ['VoucherActionError', 'ValidationError', 'NotFoundError', 'UnauthenticatedError'] as const;
export type VoucherActionErrorName = (typeof VOUCHER_ACTION_ERRORS)[number];

export const VOUCHER_ACTION_MAPPING: ProblemMapping<VoucherActionErrorName> = {
  allowed: VOUCHER_ACTION_ERRORS,
  validationStatuses: [400],
  fields: (errors, code) => errors.map((e) => validationError(e.field, e.message, code)),
  fallbackField: null,
  defaultRetryAfterSeconds: 60,
};
