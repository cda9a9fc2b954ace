/**
 * The checkout's data (spec §3 checkout data) and how the page's changes reach the store.
 *
 * `Checkout` has no id, so Relay keeps it under the root field `checkout`. A mutation that
 * answers with the checkout (promo code, wallet, VIP) links its answer there; a
 * basket mutation (quantity, remove, gifting) answers with the Basket (normalised by id, so the
 * lines and the header count update at once) and the page then reads the checkout again for
 * the new order summary. A refresh (a new hold) is read with refresh:true and linked the same way.
 */
import { commitLocalUpdate, fetchQuery, graphql, type RecordSourceSelectorProxy } from 'relay-runtime';
import { environment } from '../../relay/environment.ts';
import type { checkoutDataReloadQuery, checkoutDataReloadQuery$data } from '../../__generated__/checkoutDataReloadQuery.graphql';

export const checkoutFragment = graphql`
  fragment checkoutData_checkout on Checkout {
    basket {
      id
      itemCount
      giftWrapQuantity
      lines {
        productId
        dealId
        title
        quantity
        maxQuantity
        minQuantity
        soldOut
        payDeposit
        unitPrice {
          amount
          formatted
        }
        postage {
          amount
          formatted
        }
        total {
          amount
          formatted
        }
        gifting
        giftRecipient {
          name
          email
          message
        }
        giftPackQuantity
        giftWrapQuantity
        deal {
          title
          url
          image {
            url
            alt
          }
          merchant {
            name
          }
        }
        product {
          title
        }
      }
    }
    breakdown {
      ...PriceBreakdown_breakdown
    }
    orderSummary {
      subtotal {
        amount
        formatted
      }
      postage {
        amount
        formatted
      }
      promoDiscount {
        amount
        formatted
      }
      vip {
        amount
        formatted
      }
      walletCredit {
        amount
        formatted
      }
      totalOrderAmount {
        amount
        formatted
      }
      cashAmount {
        amount
        formatted
      }
    }
    promoCode {
      code
      applicable
      message
      outcome
    }
    wallet {
      balance {
        amount
        formatted
      }
      usable {
        amount
        formatted
      }
      using
    }
    paymentOptions {
      method
      provider
      available
      reason
      express
    }
    savedInstruments {
      id
      type
      gateway
      isDefault
      description
      expiry
    }
    countdown
    holdExpiresAt
    holdLimitReached
    holdAgainAt
    giftingConfig {
      giftWrap {
        productId
        title
        price {
          amount
          formatted
        }
      }
      nextDayGiftPack {
        productId
        title
        price {
          amount
          formatted
        }
      }
      standardGiftPack {
        productId
        title
        price {
          amount
          formatted
        }
      }
    }
    vipOffer {
      price {
        amount
        formatted
      }
      checked
    }
    needsDeliveryAddress
    isTravel
    isTravelValid
    pendingOrderNumber
    canPay
  }
`;

/** The checkout read again (after a basket change) or with a new hold (refresh). */
const reloadQuery = graphql`
  query checkoutDataReloadQuery($refresh: Boolean!) {
    checkout(refresh: $refresh) {
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

/**
 * The page's query asks for `checkout` without arguments, so Relay keeps it under the key
 * `checkout`; a read with an argument (`checkout(refresh: …)`) or a mutation's answer lives under
 * its own key. Linking the root's `checkout` to that record shows it.
 */
function showRecord(store: RecordSourceSelectorProxy, record: ReturnType<RecordSourceSelectorProxy['getRoot']> | null | undefined): void {
  if (record && record.getValue('__typename') === 'Checkout') store.getRoot().setLinkedRecord(record, 'checkout');
}

/** A mutation updater for the mutations answering CheckoutResult. */
export function showMutationCheckout(rootField: string) {
  return (store: RecordSourceSelectorProxy) => showRecord(store, store.getRootField(rootField));
}

export type ReloadResult = checkoutDataReloadQuery$data['checkout'];

/** Reads the checkout again (refresh: a new hold of the units) and shows it. Rejects when the request fails. */
export async function reloadCheckout(refresh: boolean): Promise<ReloadResult> {
  const data = await fetchQuery<checkoutDataReloadQuery>(environment, reloadQuery, { refresh }, { fetchPolicy: 'network-only' }).toPromise();
  if (!data) throw new Error('checkout: no answer');
  commitLocalUpdate(environment, (store) => showRecord(store as unknown as RecordSourceSelectorProxy, store.getRoot().getLinkedRecord('checkout', { refresh })));
  return data.checkout;
}
