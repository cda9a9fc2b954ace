/**
 * requestVoucherReturn (issue 16 point 6), read here the one way: the answer carries the voucher
 * with the card's fields (its status Return Requested, its return and label link), so the card
 * updates by its id without a reload. Asking again for the same voucher answers the same return.
 */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from '../buying/user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { VoucherReturnMutation_result$key } from '../../__generated__/VoucherReturnMutation_result.graphql';
import type { VoucherReturnMutation as VoucherReturnMutationType } from '../../__generated__/VoucherReturnMutation.graphql';

export type { VoucherReturnReason } from '../../__generated__/VoucherReturnMutation.graphql';

// The card's data is spread where the answer is read, here (as VoucherMutations.ts does): the
// voucher is selected for the store (the card reads it by id), not read here.
/* eslint-disable relay/must-colocate-fragment-spreads, relay/unused-fields */
const result = graphql`
  fragment VoucherReturnMutation_result on RequestVoucherReturnResult @inline {
    __typename
    ... on VoucherReturnRequested {
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
/** Requested, or why not, in the shop's words (`field` names the input it is about). */
type ReturnAnswer = { __typename: 'VoucherReturnRequested' } | ({ __typename: Refusal | '%other' } & AnswerError);

const REFUSALS: readonly string[] = ['VoucherActionError', 'ValidationError', 'NotFoundError', 'UnauthenticatedError'] satisfies Refusal[];

function readResult(ref: VoucherReturnMutation_result$key): ReturnAnswer {
  const answer = readInlineData(result, ref);
  if (answer.__typename === 'VoucherReturnRequested') return { __typename: 'VoucherReturnRequested' };
  const typename = REFUSALS.includes(answer.__typename) ? (answer.__typename as Refusal) : '%other';
  return { __typename: typename, ...(answer.userError ? readUserError(answer.userError) : UNKNOWN_ERROR) };
}

export const useRequestVoucherReturnMutation = () =>
  useCommit<VoucherReturnMutationType, ReturnAnswer>(
    graphql`
      mutation VoucherReturnMutation($input: RequestVoucherReturnInput!) {
        requestVoucherReturn(input: $input) {
          ...VoucherReturnMutation_result
        }
      }
    `,
    (r) => readResult(r.requestVoucherReturn),
  );
