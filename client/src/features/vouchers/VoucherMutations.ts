/**
 * What a holder does to a voucher from My Vouchers: refundVoucher and, once the refund window
 * has closed, exchangeVoucherForCredit (issue 16 point 5), and once it has expired,
 * takeExpiredVoucherCredit (spec §9), read here the one way. The answer carries the voucher with the card's fields, so the card updates by its
 * id (status Refunded) without a reload. Retrying an attempt with its idempotency key never makes
 * a second refund.
 */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from '../buying/user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { VoucherMutations_refundResult$key } from '../../__generated__/VoucherMutations_refundResult.graphql';
import type { VoucherMutationsRefundMutation } from '../../__generated__/VoucherMutationsRefundMutation.graphql';
import type { VoucherMutations_creditResult$key } from '../../__generated__/VoucherMutations_creditResult.graphql';
import type { VoucherMutationsCreditMutation } from '../../__generated__/VoucherMutationsCreditMutation.graphql';
import type { VoucherMutations_expiredCreditResult$key } from '../../__generated__/VoucherMutations_expiredCreditResult.graphql';
import type { VoucherMutationsExpiredCreditMutation } from '../../__generated__/VoucherMutationsExpiredCreditMutation.graphql';

export type { RefundDestination } from '../../__generated__/VoucherMutationsRefundMutation.graphql';

// The card's data is spread where the answer is read, here: VoucherCard uses this module (through
// VoucherRefund), so importing it back (what the rule looks for) would only make a cycle. The
// voucher is selected for the store (the card reads it by id), not read here.
/* eslint-disable relay/must-colocate-fragment-spreads, relay/unused-fields */
const refundResult = graphql`
  fragment VoucherMutations_refundResult on RefundVoucherResult @inline {
    __typename
    ... on VoucherRefunded {
      refund {
        destination
        state
        cashAmount {
          amount
          formatted
        }
        walletAmount {
          amount
          formatted
        }
      }
      voucher {
        id
        ...VoucherCard_voucher
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/must-colocate-fragment-spreads, relay/unused-fields */

type Money = { amount: number; formatted: string };
/** The refund as made: where its money went (ORIGINAL, WALLET) and where it is (REQUESTED, COMPLETED, FAILED). */
interface RefundMade {
  destination: string;
  state: string;
  cashAmount: Money;
  walletAmount: Money;
}

type Refusal = 'VoucherActionError' | 'ValidationError' | 'NotFoundError' | 'UnauthenticatedError';
/** Refunded (the refund as made), or why not, in the shop's words (`field` names the input it is about). */
type RefundAnswer = { __typename: 'VoucherRefunded'; refund: RefundMade } | ({ __typename: Refusal | '%other' } & AnswerError);

const REFUSALS: readonly string[] = ['VoucherActionError', 'ValidationError', 'NotFoundError', 'UnauthenticatedError'] satisfies Refusal[];

function readRefundResult(ref: VoucherMutations_refundResult$key): RefundAnswer {
  const result = readInlineData(refundResult, ref);
  if (result.__typename === 'VoucherRefunded' && result.refund) return { __typename: 'VoucherRefunded', refund: result.refund };
  const typename = REFUSALS.includes(result.__typename) ? (result.__typename as Refusal) : '%other';
  return { __typename: typename, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

export const useRefundVoucherMutation = () =>
  useCommit<VoucherMutationsRefundMutation, RefundAnswer>(
    graphql`
      mutation VoucherMutationsRefundMutation($input: RefundVoucherInput!) {
        refundVoucher(input: $input) {
          ...VoucherMutations_refundResult
        }
      }
    `,
    (r) => readRefundResult(r.refundVoucher),
  );

// As above: the voucher is selected for the store (the card reads it by id).
/* eslint-disable relay/must-colocate-fragment-spreads, relay/unused-fields */
const creditResult = graphql`
  fragment VoucherMutations_creditResult on ExchangeVoucherForCreditResult @inline {
    __typename
    ... on VoucherCredited {
      credit {
        amount
        formatted
      }
      voucher {
        id
        ...VoucherCard_voucher
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/must-colocate-fragment-spreads, relay/unused-fields */

/** Exchanged (the wallet credit given), or why not, in the shop's words. */
type CreditAnswer = { __typename: 'VoucherCredited'; credit: Money } | ({ __typename: Refusal | '%other' } & AnswerError);

function readCreditResult(ref: VoucherMutations_creditResult$key): CreditAnswer {
  const result = readInlineData(creditResult, ref);
  if (result.__typename === 'VoucherCredited' && result.credit) return { __typename: 'VoucherCredited', credit: result.credit };
  const typename = REFUSALS.includes(result.__typename) ? (result.__typename as Refusal) : '%other';
  return { __typename: typename, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

export const useExchangeVoucherForCreditMutation = () =>
  useCommit<VoucherMutationsCreditMutation, CreditAnswer>(
    graphql`
      mutation VoucherMutationsCreditMutation($input: ExchangeVoucherForCreditInput!) {
        exchangeVoucherForCredit(input: $input) {
          ...VoucherMutations_creditResult
        }
      }
    `,
    (r) => readCreditResult(r.exchangeVoucherForCredit),
  );

// As above: the voucher is selected for the store (the card reads it by id).
/* eslint-disable relay/must-colocate-fragment-spreads, relay/unused-fields */
const expiredCreditResult = graphql`
  fragment VoucherMutations_expiredCreditResult on TakeExpiredVoucherCreditResult @inline {
    __typename
    ... on ExpiredVoucherCreditTaken {
      credit {
        amount
        formatted
      }
      validUntil
      voucher {
        id
        ...VoucherCard_voucher
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/must-colocate-fragment-spreads, relay/unused-fields */

/** Taken (the wallet credit given and until when it is valid), or why not, in the shop's words. */
type ExpiredCreditAnswer = { __typename: 'ExpiredVoucherCreditTaken'; credit: Money; validUntil: string } | ({ __typename: Refusal | '%other' } & AnswerError);

function readExpiredCreditResult(ref: VoucherMutations_expiredCreditResult$key): ExpiredCreditAnswer {
  const result = readInlineData(expiredCreditResult, ref);
  if (result.__typename === 'ExpiredVoucherCreditTaken' && result.credit && result.validUntil) return { __typename: 'ExpiredVoucherCreditTaken', credit: result.credit, validUntil: result.validUntil };
  const typename = REFUSALS.includes(result.__typename) ? (result.__typename as Refusal) : '%other';
  return { __typename: typename, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

export const useTakeExpiredVoucherCreditMutation = () =>
  useCommit<VoucherMutationsExpiredCreditMutation, ExpiredCreditAnswer>(
    graphql`
      mutation VoucherMutationsExpiredCreditMutation($input: TakeExpiredVoucherCreditInput!) {
        takeExpiredVoucherCredit(input: $input) {
          ...VoucherMutations_expiredCreditResult
        }
      }
    `,
    (r) => readExpiredCreditResult(r.takeExpiredVoucherCredit),
  );
