/**
 * The checkout page's requests. Errors a shopper can act on come back as data (the result
 * unions of schema.graphql's Buying section); a rejection means the request itself failed.
 */
import { fetchQuery, graphql } from 'relay-runtime';
import { environment } from '../../relay/environment.ts';
import { mutate } from '../accounts/mutate.ts';
import { linkRootBasket } from './basket-count.ts';
import { showMutationCheckout } from './checkout-data.ts';
import type { checkoutMutationsUpdateLineMutation, UpdateBasketLineInput } from '../../__generated__/checkoutMutationsUpdateLineMutation.graphql';
import type { checkoutMutationsRemoveLineMutation } from '../../__generated__/checkoutMutationsRemoveLineMutation.graphql';
import type { checkoutMutationsGiftingMutation, SetLineGiftingInput } from '../../__generated__/checkoutMutationsGiftingMutation.graphql';
import type { checkoutMutationsPromoMutation } from '../../__generated__/checkoutMutationsPromoMutation.graphql';
import type { checkoutMutationsWalletMutation } from '../../__generated__/checkoutMutationsWalletMutation.graphql';
import type { checkoutMutationsVipMutation } from '../../__generated__/checkoutMutationsVipMutation.graphql';
import type { checkoutMutationsStartPaymentMutation, PaymentMethod } from '../../__generated__/checkoutMutationsStartPaymentMutation.graphql';
import type { checkoutMutationsPlaceOrderMutation, PlaceOrderInput } from '../../__generated__/checkoutMutationsPlaceOrderMutation.graphql';
import type { checkoutMutationsAddressQuery } from '../../__generated__/checkoutMutationsAddressQuery.graphql';

export type { PaymentMethod, PlaceOrderInput };

const updateLine = graphql`
  mutation checkoutMutationsUpdateLineMutation($input: UpdateBasketLineInput!) {
    updateBasketLine(input: $input) {
      __typename
      ... on BasketUpdated {
        toast
        basket {
          id
          itemCount
        }
      }
      ... on StockError {
        code
        message
        field
        productId
        available
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
    }
  }
`;

const removeLine = graphql`
  mutation checkoutMutationsRemoveLineMutation($input: RemoveBasketLineInput!) {
    removeBasketLine(input: $input) {
      __typename
      ... on BasketUpdated {
        toast
        basket {
          id
          itemCount
        }
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
      ... on StockError {
        code
        message
        field
      }
    }
  }
`;

const gifting = graphql`
  mutation checkoutMutationsGiftingMutation($input: SetLineGiftingInput!) {
    setLineGifting(input: $input) {
      __typename
      ... on BasketUpdated {
        toast
        basket {
          id
          itemCount
        }
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
      ... on StockError {
        code
        message
        field
      }
    }
  }
`;

const promo = graphql`
  mutation checkoutMutationsPromoMutation($input: ApplyPromoCodeInput!) {
    applyPromoCode(input: $input) {
      __typename
      ... on Checkout {
        countdown
        ...checkoutData_checkout @alias(as: "view")
      }
      ... on RateLimitedError {
        code
        message
        field
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
      ... on StockError {
        code
        message
        field
      }
    }
  }
`;

const wallet = graphql`
  mutation checkoutMutationsWalletMutation($input: SetWalletUseInput!) {
    setWalletUse(input: $input) {
      __typename
      ... on Checkout {
        countdown
        ...checkoutData_checkout @alias(as: "view")
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
      ... on StockError {
        code
        message
        field
      }
    }
  }
`;

const vip = graphql`
  mutation checkoutMutationsVipMutation($input: SetVipOptionInput!) {
    setVipOption(input: $input) {
      __typename
      ... on Checkout {
        countdown
        ...checkoutData_checkout @alias(as: "view")
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
      ... on StockError {
        code
        message
        field
      }
    }
  }
`;

const startPaymentMutation = graphql`
  mutation checkoutMutationsStartPaymentMutation($input: StartPaymentInput!) {
    startPayment(input: $input) {
      __typename
      ... on PaymentSession {
        method
        provider
        clientToken
        sandboxUrl
      }
      ... on PaymentError {
        code
        message
        field
        retryable
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
    }
  }
`;

const placeOrderMutation = graphql`
  mutation checkoutMutationsPlaceOrderMutation($input: PlaceOrderInput!) {
    placeOrder(input: $input) {
      __typename
      ... on OrderPlaced {
        message
        order {
          id
          orderNumber
          status
        }
      }
      ... on OrderPending {
        message
        order {
          id
          orderNumber
          status
        }
      }
      ... on PaymentError {
        code
        message
        field
        retryable
      }
      ... on StockError {
        code
        message
        field
        productId
        available
      }
      ... on ValidationError {
        code
        message
        field
      }
      ... on NotFoundError {
        code
        message
        field
      }
    }
  }
`;

const addressQuery = graphql`
  query checkoutMutationsAddressQuery($postcode: String!) {
    addressLookup(postcode: $postcode) {
      __typename
      ... on AddressList {
        postcode
        addresses {
          moniker
          line1
          line2
          town
          county
          postcode
          label
        }
      }
      ... on ValidationError {
        code
        message
        field
      }
    }
  }
`;

export const updateBasketLine = async (input: UpdateBasketLineInput) =>
  (await mutate<checkoutMutationsUpdateLineMutation>(updateLine, { input }, (store) => linkRootBasket(store, 'updateBasketLine'))).updateBasketLine;

export const removeBasketLine = async (productId: number) =>
  (await mutate<checkoutMutationsRemoveLineMutation>(removeLine, { input: { productId } }, (store) => linkRootBasket(store, 'removeBasketLine'))).removeBasketLine;

export const setLineGifting = async (input: SetLineGiftingInput) =>
  (await mutate<checkoutMutationsGiftingMutation>(gifting, { input }, (store) => linkRootBasket(store, 'setLineGifting'))).setLineGifting;

export const applyPromoCode = async (code: string | null) =>
  (await mutate<checkoutMutationsPromoMutation>(promo, { input: { code } }, showMutationCheckout('applyPromoCode'))).applyPromoCode;

export const setWalletUse = async (use: boolean) =>
  (await mutate<checkoutMutationsWalletMutation>(wallet, { input: { use } }, showMutationCheckout('setWalletUse'))).setWalletUse;

export const setVipOption = async (checked: boolean) =>
  (await mutate<checkoutMutationsVipMutation>(vip, { input: { checked } }, showMutationCheckout('setVipOption'))).setVipOption;

/** `email`: a guest's, for the providers that need the shopper's (Clearpay). */
export const startPayment = async (method: PaymentMethod, email: string | null = null) =>
  (await mutate<checkoutMutationsStartPaymentMutation>(startPaymentMutation, { input: { method, email } })).startPayment;

export const placeOrder = async (input: PlaceOrderInput) => (await mutate<checkoutMutationsPlaceOrderMutation>(placeOrderMutation, { input })).placeOrder;

export async function lookupAddresses(postcode: string) {
  const data = await fetchQuery<checkoutMutationsAddressQuery>(environment, addressQuery, { postcode }, { fetchPolicy: 'network-only' }).toPromise();
  if (!data) throw new Error('addressLookup: no answer');
  return data.addressLookup;
}

export type StartPaymentResult = Awaited<ReturnType<typeof startPayment>>;
export type PlaceOrderResult = Awaited<ReturnType<typeof placeOrder>>;
export type AddressLookupResult = Awaited<ReturnType<typeof lookupAddresses>>;
