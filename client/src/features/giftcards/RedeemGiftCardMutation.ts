/** redeemGiftCard (issue 18 point 2), read the one way: the credit given, or why not in the shop's words. */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from '../buying/user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { RedeemGiftCardMutation_result$key } from '../../__generated__/RedeemGiftCardMutation_result.graphql';
import type { RedeemGiftCardMutation as Mutation } from '../../__generated__/RedeemGiftCardMutation.graphql';

type Refusal = 'GiftCardRedeemError' | 'NotFoundError' | 'RateLimitedError' | 'ValidationError' | 'UnauthenticatedError';
const REFUSALS: readonly string[] = ['GiftCardRedeemError', 'NotFoundError', 'RateLimitedError', 'ValidationError', 'UnauthenticatedError'] satisfies Refusal[];

export type RedeemAnswer = { __typename: 'GiftCardRedeemed'; credit: string; creditExpiresAt: string } | ({ __typename: Refusal | '%other' } & AnswerError);

const result = graphql`
  fragment RedeemGiftCardMutation_result on RedeemGiftCardResult @inline {
    __typename
    ... on GiftCardRedeemed {
      credit {
        formatted
      }
      creditExpiresAt
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;

function read(ref: RedeemGiftCardMutation_result$key): RedeemAnswer {
  const r = readInlineData(result, ref);
  if (r.__typename === 'GiftCardRedeemed' && r.credit && r.creditExpiresAt) return { __typename: 'GiftCardRedeemed', credit: r.credit.formatted, creditExpiresAt: r.creditExpiresAt };
  const typename = REFUSALS.includes(r.__typename) ? (r.__typename as Refusal) : '%other';
  return { __typename: typename, ...(r.userError ? readUserError(r.userError) : UNKNOWN_ERROR) };
}

export const useRedeemGiftCardMutation = () =>
  useCommit<Mutation, RedeemAnswer>(
    graphql`
      mutation RedeemGiftCardMutation($input: RedeemGiftCardInput!) {
        redeemGiftCard(input: $input) {
          ...RedeemGiftCardMutation_result
        }
      }
    `,
    (r) => read(r.redeemGiftCard),
  );
