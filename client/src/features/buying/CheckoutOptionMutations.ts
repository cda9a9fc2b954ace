/** The checkout's options (promo code, wallet credit, VIP): each answers the checkout, by id. */
import { graphql } from 'react-relay';
import { readCheckoutResult, type CheckoutAnswer } from './checkout-result.ts';
import { useCommit } from '../../relay/use-commit.ts';
import type { CheckoutOptionMutationsPromoMutation } from '../../__generated__/CheckoutOptionMutationsPromoMutation.graphql';
import type { CheckoutOptionMutationsWalletMutation } from '../../__generated__/CheckoutOptionMutationsWalletMutation.graphql';
import type { CheckoutOptionMutationsVipMutation } from '../../__generated__/CheckoutOptionMutationsVipMutation.graphql';

/** `code` null removes the promo code. */
export const useApplyPromoCodeMutation = () =>
  useCommit<CheckoutOptionMutationsPromoMutation, CheckoutAnswer>(
    graphql`
      mutation CheckoutOptionMutationsPromoMutation($input: ApplyPromoCodeInput!) {
        applyPromoCode(input: $input) {
          ...checkoutResult_result
        }
      }
    `,
    (r) => readCheckoutResult(r.applyPromoCode),
  )[0];

export const useSetWalletUseMutation = () =>
  useCommit<CheckoutOptionMutationsWalletMutation, CheckoutAnswer>(
    graphql`
      mutation CheckoutOptionMutationsWalletMutation($input: SetWalletUseInput!) {
        setWalletUse(input: $input) {
          ...checkoutResult_result
        }
      }
    `,
    (r) => readCheckoutResult(r.setWalletUse),
  )[0];

export const useSetVipOptionMutation = () =>
  useCommit<CheckoutOptionMutationsVipMutation, CheckoutAnswer>(
    graphql`
      mutation CheckoutOptionMutationsVipMutation($input: SetVipOptionInput!) {
        setVipOption(input: $input) {
          ...checkoutResult_result
        }
      }
    `,
    (r) => readCheckoutResult(r.setVipOption),
  )[0];
