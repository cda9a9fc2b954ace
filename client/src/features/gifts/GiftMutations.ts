/** claimGift and giftVoucher (issue 16 point 8), each read the one way: done, or why not in the shop's words. */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from '../buying/user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { GiftMutations_claimResult$key } from '../../__generated__/GiftMutations_claimResult.graphql';
import type { GiftMutationsClaimMutation } from '../../__generated__/GiftMutationsClaimMutation.graphql';
import type { GiftMutations_giftResult$key } from '../../__generated__/GiftMutations_giftResult.graphql';
import type { GiftMutationsGiftMutation } from '../../__generated__/GiftMutationsGiftMutation.graphql';

type Refusal = 'VoucherActionError' | 'ValidationError' | 'NotFoundError' | 'UnauthenticatedError';
const REFUSALS: readonly string[] = ['VoucherActionError', 'ValidationError', 'NotFoundError', 'UnauthenticatedError'] satisfies Refusal[];
type Refused = { __typename: Refusal | '%other' } & AnswerError;

const claimResult = graphql`
  fragment GiftMutations_claimResult on ClaimGiftResult @inline {
    __typename
    ... on GiftClaimed {
      gift {
        claimedAt
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;

export type ClaimAnswer = { __typename: 'GiftClaimed'; claimedAt: string | null } | Refused;

function readClaim(ref: GiftMutations_claimResult$key): ClaimAnswer {
  const r = readInlineData(claimResult, ref);
  if (r.__typename === 'GiftClaimed' && r.gift) return { __typename: 'GiftClaimed', claimedAt: r.gift.claimedAt ?? null };
  const typename = REFUSALS.includes(r.__typename) ? (r.__typename as Refusal) : '%other';
  return { __typename: typename, ...(r.userError ? readUserError(r.userError) : UNKNOWN_ERROR) };
}

export const useClaimGiftMutation = () =>
  useCommit<GiftMutationsClaimMutation, ClaimAnswer>(
    graphql`
      mutation GiftMutationsClaimMutation($input: ClaimGiftInput!) {
        claimGift(input: $input) {
          ...GiftMutations_claimResult
        }
      }
    `,
    (r) => readClaim(r.claimGift),
  );

// The voucher is selected for the store (its card reads it by id, now with its gift), not read here.
/* eslint-disable relay/unused-fields */
const giftResult = graphql`
  fragment GiftMutations_giftResult on GiftVoucherResult @inline {
    __typename
    ... on VoucherGifted {
      gift {
        recipientName
        recipientEmail
      }
      voucher {
        id
        gift {
          recipientName
          sentAt
        }
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/unused-fields */

export type GiftAnswer = { __typename: 'VoucherGifted'; recipientName: string; recipientEmail: string } | Refused;

function readGift(ref: GiftMutations_giftResult$key): GiftAnswer {
  const r = readInlineData(giftResult, ref);
  if (r.__typename === 'VoucherGifted' && r.gift) return { __typename: 'VoucherGifted', recipientName: r.gift.recipientName, recipientEmail: r.gift.recipientEmail };
  const typename = REFUSALS.includes(r.__typename) ? (r.__typename as Refusal) : '%other';
  return { __typename: typename, ...(r.userError ? readUserError(r.userError) : UNKNOWN_ERROR) };
}

export const useGiftVoucherMutation = () =>
  useCommit<GiftMutationsGiftMutation, GiftAnswer>(
    graphql`
      mutation GiftMutationsGiftMutation($input: GiftVoucherInput!) {
        giftVoucher(input: $input) {
          ...GiftMutations_giftResult
        }
      }
    `,
    (r) => readGift(r.giftVoucher),
  );
