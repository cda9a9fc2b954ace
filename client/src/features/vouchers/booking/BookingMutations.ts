/**
 * bookVoucherDate, moveVoucherBooking and cancelVoucherBooking (issue 17 point 4), read here the
 * one way: the answer carries the voucher with the card's fields (Booked with its booking, or Ready
 * to Redeem again), so the card updates by its id without a reload.
 */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from '../../buying/user-error.ts';
import { useCommit } from '../../../relay/use-commit.ts';
import type { BookingMutations_result$key } from '../../../__generated__/BookingMutations_result.graphql';
import type { BookingMutationsBookMutation } from '../../../__generated__/BookingMutationsBookMutation.graphql';
import type { BookingMutationsMoveMutation } from '../../../__generated__/BookingMutationsMoveMutation.graphql';
import type { BookingMutationsCancelMutation } from '../../../__generated__/BookingMutationsCancelMutation.graphql';

// The card's data is spread where the answer is read, here (as VoucherMutations.ts does): the
// voucher is selected for the store (the card reads it by id), not read here.
/* eslint-disable relay/must-colocate-fragment-spreads, relay/unused-fields */
const result = graphql`
  fragment BookingMutations_result on VoucherBookingResult @inline {
    __typename
    ... on VoucherBookingChanged {
      voucher {
        id
        ...VoucherCard_voucher
      }
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;
/* eslint-enable relay/must-colocate-fragment-spreads, relay/unused-fields */

/** Done, or why not in the shop's words (`field`: date or voucherId). */
export type BookingAnswer = { ok: true } | ({ ok: false } & AnswerError);

function readResult(ref: BookingMutations_result$key): BookingAnswer {
  const answer = readInlineData(result, ref);
  if (answer.__typename === 'VoucherBookingChanged') return { ok: true };
  return { ok: false, ...(answer.userError ? readUserError(answer.userError) : UNKNOWN_ERROR) };
}

export const useBookVoucherDate = () =>
  useCommit<BookingMutationsBookMutation, BookingAnswer>(
    graphql`
      mutation BookingMutationsBookMutation($input: BookVoucherDateInput!) {
        bookVoucherDate(input: $input) {
          ...BookingMutations_result
        }
      }
    `,
    (r) => readResult(r.bookVoucherDate),
  );

export const useMoveVoucherBooking = () =>
  useCommit<BookingMutationsMoveMutation, BookingAnswer>(
    graphql`
      mutation BookingMutationsMoveMutation($input: BookVoucherDateInput!) {
        moveVoucherBooking(input: $input) {
          ...BookingMutations_result
        }
      }
    `,
    (r) => readResult(r.moveVoucherBooking),
  );

export const useCancelVoucherBooking = () =>
  useCommit<BookingMutationsCancelMutation, BookingAnswer>(
    graphql`
      mutation BookingMutationsCancelMutation($input: CancelVoucherBookingInput!) {
        cancelVoucherBooking(input: $input) {
          ...BookingMutations_result
        }
      }
    `,
    (r) => readResult(r.cancelVoucherBooking),
  );
