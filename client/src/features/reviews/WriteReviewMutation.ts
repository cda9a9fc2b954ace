/**
 * writeReview (issue 19 point 9), read here the one way: the answer carries the voucher with the
 * card's fields (no longer reviewable, its review), so My Vouchers updates by its id.
 */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from '../buying/user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { WriteReviewMutation_result$key } from '../../__generated__/WriteReviewMutation_result.graphql';
import type { WriteReviewMutation as WriteReviewMutationType } from '../../__generated__/WriteReviewMutation.graphql';

// The card's data is spread where the answer is read, here (as VoucherReturnMutation.ts does):
// the voucher is selected for the store (the card reads it by id), not read here.
/* eslint-disable relay/must-colocate-fragment-spreads, relay/unused-fields */
const result = graphql`
  fragment WriteReviewMutation_result on WriteReviewResult @inline {
    __typename
    ... on ReviewWritten {
      voucher {
        id
        ...VoucherCard_voucher
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/must-colocate-fragment-spreads, relay/unused-fields */

type Refusal = 'VoucherActionError' | 'ValidationError' | 'NotFoundError' | 'UnauthenticatedError';
/** Written, or why not, in the shop's words (`field` names the input it is about). */
export type WriteReviewAnswer = { __typename: 'ReviewWritten' } | ({ __typename: Refusal | '%other' } & AnswerError);

const REFUSALS: readonly string[] = ['VoucherActionError', 'ValidationError', 'NotFoundError', 'UnauthenticatedError'] satisfies Refusal[];

function readResult(ref: WriteReviewMutation_result$key): WriteReviewAnswer {
  const answer = readInlineData(result, ref);
  if (answer.__typename === 'ReviewWritten') return { __typename: 'ReviewWritten' };
  const typename = REFUSALS.includes(answer.__typename) ? (answer.__typename as Refusal) : '%other';
  return { __typename: typename, ...(answer.userError ? readUserError(answer.userError) : UNKNOWN_ERROR) };
}

export const useWriteReviewMutation = () =>
  useCommit<WriteReviewMutationType, WriteReviewAnswer>(
    graphql`
      mutation WriteReviewMutation($input: WriteReviewInput!) {
        writeReview(input: $input) {
          ...WriteReviewMutation_result
        }
      }
    `,
    (r) => readResult(r.writeReview),
  );
