/**
 * The checkout's changes to a basket line: quantity, remove, gifting. Each answers the Basket by
 * id (the lines and the header's count update in the store); the page then reads the checkout
 * again for its new totals.
 */
import { graphql } from 'react-relay';
import { readBasketResult, type BasketAnswer } from './basket-result.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { BasketLineMutationsUpdateMutation } from '../../__generated__/BasketLineMutationsUpdateMutation.graphql';
import type { BasketLineMutationsRemoveMutation } from '../../__generated__/BasketLineMutationsRemoveMutation.graphql';
import type { BasketLineMutationsGiftingMutation } from '../../__generated__/BasketLineMutationsGiftingMutation.graphql';

export type { GiftingType } from '../../__generated__/BasketLineMutationsGiftingMutation.graphql';

export const useUpdateBasketLineMutation = () =>
  useCommit<BasketLineMutationsUpdateMutation, BasketAnswer>(
    graphql`
      mutation BasketLineMutationsUpdateMutation($input: UpdateBasketLineInput!) {
        updateBasketLine(input: $input) {
          ...basketResult_result
        }
      }
    `,
    (r) => readBasketResult(r.updateBasketLine),
  )[0];

export const useRemoveBasketLineMutation = () =>
  useCommit<BasketLineMutationsRemoveMutation, BasketAnswer>(
    graphql`
      mutation BasketLineMutationsRemoveMutation($input: RemoveBasketLineInput!) {
        removeBasketLine(input: $input) {
          ...basketResult_result
        }
      }
    `,
    (r) => readBasketResult(r.removeBasketLine),
  )[0];

export const useSetLineGiftingMutation = () =>
  useCommit<BasketLineMutationsGiftingMutation, BasketAnswer>(
    graphql`
      mutation BasketLineMutationsGiftingMutation($input: SetLineGiftingInput!) {
        setLineGifting(input: $input) {
          ...basketResult_result
        }
      }
    `,
    (r) => readBasketResult(r.setLineGifting),
  )[0];
