import { graphql } from 'react-relay';
import { readBasketResult, type BasketAnswer } from './basket-result.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { AddToBasketMutation } from '../../__generated__/AddToBasketMutation.graphql';

/** Adds a deal option to the basket (creating it when there is none), answered as basket-result reads it. */
export const useAddToBasketMutation = () =>
  useCommit<AddToBasketMutation, BasketAnswer>(
    graphql`
      mutation AddToBasketMutation($input: AddToBasketInput!) {
        addToBasket(input: $input) {
          ...basketResult_result
        }
      }
    `,
    (r) => readBasketResult(r.addToBasket),
  );
