/**
 * The till's answers, read and worded once for every way a voucher is redeemed (the typed till,
 * the camera, the offline queue; issue 17 point 3): the redemption result selected in one @inline
 * fragment (both mutations answer a RedeemVoucherCodeResult), the words for it, and the undo
 * mutation with its words.
 */
import { graphql, readInlineData } from 'react-relay';
import { useCommit } from '../../relay/use-commit.ts';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { CODE_NOT_FOUND } from './till-words.ts';
import type { tillAnswers_redeemResult$data, tillAnswers_redeemResult$key } from '../../__generated__/tillAnswers_redeemResult.graphql';
import type { tillAnswersUndoMutation, tillAnswersUndoMutation$data } from '../../__generated__/tillAnswersUndoMutation.graphql';

const redeemResult = graphql`
  fragment tillAnswers_redeemResult on RedeemVoucherCodeResult @inline {
    __typename
    ... on VoucherCodeRedeemed {
      voucherId
      voucherCode
      dealTitle
      optionTitle
      undoUntil
    }
    ... on VoucherCodeAlreadyRedeemed {
      message
    }
    ... on VoucherCodeNotRedeemable {
      message
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;

export type RedeemResult = tillAnswers_redeemResult$data;
export const readRedeemResult = (ref: tillAnswers_redeemResult$key): RedeemResult => readInlineData(redeemResult, ref);

/** What the till says of a redemption, and the redemption that can still be undone. */
export interface RedemptionWords {
  kind: 'redeemed' | 'refused';
  text: string;
  undo: { voucherId: string; until: string } | null;
  /** The field a user error names (the form shows it there), else null. */
  field: string | null;
}

/** The words of a redemption's answer; `notFound` is said after the shop's words for an unknown code. */
export function redemptionWords(answer: RedeemResult, notFound = ''): RedemptionWords {
  switch (answer.__typename) {
    case 'VoucherCodeRedeemed': {
      // An option's title often starts with its deal's: then it says both.
      const what = answer.dealTitle && !answer.optionTitle?.startsWith(answer.dealTitle) ? [answer.dealTitle, answer.optionTitle].filter(Boolean).join(': ') : (answer.optionTitle ?? '');
      return { kind: 'redeemed', text: `Redeemed: ${answer.voucherCode}${what ? ` (${what})` : ''}.`, undo: answer.voucherId && answer.undoUntil ? { voucherId: answer.voucherId, until: answer.undoUntil } : null, field: null };
    }
    case 'VoucherCodeAlreadyRedeemed':
      return { kind: 'refused', text: `Already redeemed: ${answer.message}`, undo: null, field: null };
    case 'VoucherCodeNotRedeemable':
      return { kind: 'refused', text: `Not redeemable: ${answer.message}`, undo: null, field: null };
    case 'NotFoundError':
      return { kind: 'refused', text: `Not found: ${CODE_NOT_FOUND}${notFound ? ` ${notFound}` : ''}`, undo: null, field: null };
    default: {
      const error = answer.userError ? readUserError(answer.userError) : null;
      return { kind: 'refused', text: error?.message ?? 'Sorry, something went wrong.', undo: null, field: error?.field ?? null };
    }
  }
}

const undoMutation = graphql`
  mutation tillAnswersUndoMutation($input: UndoRedemptionInput!) {
    undoRedemption(input: $input) {
      __typename
      ... on RedemptionUndone {
        voucherCode
        status
      }
      ...UserErrorFields @alias(as: "userError")
    }
  }
`;

type UndoAnswer = tillAnswersUndoMutation$data['undoRedemption'];

/** Undoes a redemption of the business; resolves with the words to show (rejects when the shop could not be reached). */
export function useUndoRedemption(): (input: { businessId: string; voucherId: string }) => Promise<{ kind: 'undone' | 'refused'; text: string }> {
  const [undo] = useCommit<tillAnswersUndoMutation, UndoAnswer>(undoMutation, (r) => r.undoRedemption);
  return async (input) => {
    const answer = await undo({ input });
    if (answer.__typename === 'RedemptionUndone') return { kind: 'undone', text: `Redemption undone: ${answer.voucherCode} is ${answer.status} again.` };
    const error = answer.userError ? readUserError(answer.userError) : null;
    return { kind: 'refused', text: `Not undone: ${error?.message ?? CODE_NOT_FOUND}` };
  };
}
