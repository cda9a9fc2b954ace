/**
 * What a basket mutation answers (BasketResult), read the one way for the deal page's buy box and
 * the checkout's lines. The basket comes back by id, so the store's Basket (the header's count,
 * the checkout's lines) updates without relinking anything.
 */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from './user-error.ts';
import type { basketResult_result$key } from '../../__generated__/basketResult_result.graphql';

const basketResult = graphql`
  fragment basketResult_result on BasketResult @inline {
    __typename
    ... on BasketUpdated {
      # toast: 'Gift Wrap Added', 'Gift Pack Added' (spec §8)
      toast
      # itemCount: the header's count follows the Basket record (by id, which Relay adds)
      basket {
        itemCount
      }
    }
    ... on StockError {
      productId
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;

/** The basket changed (with a toast to show, if any), or a refusal in the spec §8 words (for a line when it names one). */
export type BasketAnswer = { ok: true; toast: string | null; itemCount: number } | ({ ok: false; productId: number | null } & AnswerError);

export function readBasketResult(ref: basketResult_result$key): BasketAnswer {
  const result = readInlineData(basketResult, ref);
  if (result.__typename === 'BasketUpdated' && result.basket) return { ok: true, toast: result.toast ?? null, itemCount: result.basket.itemCount };
  return { ok: false, productId: result.productId ?? null, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}
