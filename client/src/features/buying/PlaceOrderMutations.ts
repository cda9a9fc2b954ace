/**
 * The mutations that place and pay for an order: the checkout's placeOrder, Express Buy's
 * placeExpressOrder and the validity extension's buyOrderAddon. All answer PlaceOrderResult,
 * read here the one way. Retrying an attempt with its idempotency key never charges twice.
 */
import { graphql, readInlineData } from 'react-relay';
import { readUserError } from '../../ui/UserErrorFields.ts';
import { UNKNOWN_ERROR, type AnswerError } from './user-error.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { PlaceOrderMutations_result$key } from '../../__generated__/PlaceOrderMutations_result.graphql';
import type { PlaceOrderMutationsCheckoutMutation } from '../../__generated__/PlaceOrderMutationsCheckoutMutation.graphql';
import type { PlaceOrderMutationsExpressMutation } from '../../__generated__/PlaceOrderMutationsExpressMutation.graphql';
import type { PlaceOrderMutationsAddonMutation } from '../../__generated__/PlaceOrderMutationsAddonMutation.graphql';

export type { PaymentMethod, PlaceOrderInput } from '../../__generated__/PlaceOrderMutationsCheckoutMutation.graphql';

const placeOrderResult = graphql`
  fragment PlaceOrderMutations_result on PlaceOrderResult @inline {
    __typename
    ... on OrderPlaced {
      message
      order {
        orderNumber
      }
    }
    ... on OrderPending {
      message
      order {
        orderNumber
      }
    }
    ... on StockError {
      productId
    }
    ...UserErrorFields @alias(as: "userError")
  }
`;

type Refusal = 'PaymentError' | 'StockError' | 'ValidationError' | 'NotFoundError';
/**
 * Paid, or waiting for the provider's answer: either way the confirmation page of the order. Or a
 * refusal in the spec §8 words: `productId` names the line a StockError is about.
 */
export type OrderAnswer =
  | { __typename: 'OrderPlaced' | 'OrderPending'; message: string; order: { orderNumber: string } }
  | ({ __typename: Refusal | '%other'; productId: number | null } & AnswerError);

const REFUSALS: readonly string[] = ['PaymentError', 'StockError', 'ValidationError', 'NotFoundError'] satisfies Refusal[];

function readPlaceOrderResult(ref: PlaceOrderMutations_result$key): OrderAnswer {
  const result = readInlineData(placeOrderResult, ref);
  if ((result.__typename === 'OrderPlaced' || result.__typename === 'OrderPending') && result.order)
    return { __typename: result.__typename, message: result.message ?? '', order: { orderNumber: result.order.orderNumber } };
  const typename = REFUSALS.includes(result.__typename) ? (result.__typename as Refusal) : '%other';
  return { __typename: typename, productId: result.productId ?? null, ...(result.userError ? readUserError(result.userError) : UNKNOWN_ERROR) };
}

export const usePlaceOrderMutation = () =>
  useCommit<PlaceOrderMutationsCheckoutMutation, OrderAnswer>(
    graphql`
      mutation PlaceOrderMutationsCheckoutMutation($input: PlaceOrderInput!) {
        placeOrder(input: $input) {
          ...PlaceOrderMutations_result
        }
      }
    `,
    (r) => readPlaceOrderResult(r.placeOrder),
  );

export const usePlaceExpressOrderMutation = () =>
  useCommit<PlaceOrderMutationsExpressMutation, OrderAnswer>(
    graphql`
      mutation PlaceOrderMutationsExpressMutation($input: PlaceExpressOrderInput!) {
        placeExpressOrder(input: $input) {
          ...PlaceOrderMutations_result
        }
      }
    `,
    (r) => readPlaceOrderResult(r.placeExpressOrder),
  );

export const useBuyOrderAddonMutation = () =>
  useCommit<PlaceOrderMutationsAddonMutation, OrderAnswer>(
    graphql`
      mutation PlaceOrderMutationsAddonMutation($input: BuyOrderAddonInput!) {
        buyOrderAddon(input: $input) {
          ...PlaceOrderMutations_result
        }
      }
    `,
    (r) => readPlaceOrderResult(r.buyOrderAddon),
  );
