/**
 * refundVoucher (issue 16 point 5; spec §7 voucher/pmv/refund, §9 refund within 14 days): the
 * signed-in holder refunds an unredeemed voucher, to the payment method (the default) or as
 * wallet credit with their consent. The vouchers service decides (status, the London window,
 * what was captured) and records the refund with the voucher's move to Refunded in one
 * transaction; the answer carries the voucher as it now is, so the client's card updates by id.
 *
 * As every voucher action (voucher-action.ts), with the service's problems as data: 409
 * VOUCHER_NOT_REFUNDABLE / REFUND_WINDOW_CLOSED → VoucherActionError in its words of why; 400
 * walletConsent → ValidationError WALLET_CONSENT_REQUIRED; 404 → NotFoundError; 422
 * IDEMPOTENCY_CONFLICT → ValidationError on idempotencyKey. Anything else is rethrown and masked.
 */
import { messageFor } from '@shop/domain';
import { z } from 'zod';
import type { RefundData } from '../../clients/vouchers.client.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { validationError, type ProblemMapping } from '../user-errors.ts';
import { VOUCHER_ACTION_MAPPING, type VoucherActionErrorName } from './action-errors.ts';
import { voucherAction } from './voucher-action.ts';
import { moneyOf } from './Voucher.ts';


/** The vouchers service's key: 1 to 64 printable ASCII characters (services/vouchers contract.ts). */
const REFUND_KEY = /^[\x21-\x7e]{1,64}$/;

const RefundVoucherInput = z.object({
  voucherId: z.string().max(300, { error: 'No such voucher.' }),
  destination: z
    .enum(['ORIGINAL', 'WALLET'])
    .nullish()
    .transform((v) => v ?? 'ORIGINAL'),
  walletConsent: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  idempotencyKey: z.string().refine((v) => REFUND_KEY.test(v), { error: 'Give a key of 1 to 64 printable characters (a UUID).' }),
});

const REFUND_MAPPING: ProblemMapping<VoucherActionErrorName> = {
  ...VOUCHER_ACTION_MAPPING,
  validationStatuses: [400, 422],
  // The service words its field errors for the shopper; wallet credit without consent has its own code.
  fields: (errors, code) => errors.map((e) => (e.field === 'walletConsent' ? validationError('walletConsent', messageFor('WALLET_CONSENT_REQUIRED'), 'WALLET_CONSENT_REQUIRED') : validationError(e.field, e.message, code))),
};

const refundView = (r: RefundData) => ({
  id: toGlobalId('VoucherRefund', r.id),
  destination: r.destination === 'wallet' ? ('WALLET' as const) : ('ORIGINAL' as const),
  state: r.state === 'completed' ? ('COMPLETED' as const) : r.state === 'failed' ? ('FAILED' as const) : ('REQUESTED' as const),
  cashAmount: moneyOf(r.cashAmount),
  walletAmount: moneyOf(r.walletAmount),
  createdAt: r.createdAt,
});

export const refundVoucher: NonNullable<MutationResolvers['refundVoucher']> = (_p, { input }, ctx) =>
  voucherAction(
    ctx,
    RefundVoucherInput,
    input,
    async (held, data, customerToken) => {
      const answer = await ctx.clients.vouchers.refund(customerToken, {
        voucherId: held.id,
        destination: data.destination === 'WALLET' ? 'wallet' : 'original',
        ...(data.walletConsent !== null ? { walletConsent: data.walletConsent } : {}),
        idempotencyKey: data.idempotencyKey,
      });
      return { __typename: 'VoucherRefunded' as const, refund: refundView(answer.refund), voucher: answer.voucher };
    },
    {
      mapping: REFUND_MAPPING,
      refusal: (problem) =>
        problem.status === 422 && problem.code === 'IDEMPOTENCY_CONFLICT' ? validationError('idempotencyKey', 'This key was used for another refund. Please start again.', 'IDEMPOTENCY_CONFLICT') : null,
    },
  );
