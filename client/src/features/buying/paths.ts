import type { NavigateFunction } from 'react-router';

/** The buying pages' paths (spec §2: /checkout, /order-addon, /order-addon/signin-page). */
const CHECKOUT_PATH = '/checkout';
const ORDER_ADDON_PATH = '/order-addon';
export const ORDER_ADDON_SIGNIN_PATH = '/order-addon/signin-page';

/** The confirmation page of an order (ours: the spec names none). */
export const confirmationPath = (orderNumber: string) => `${CHECKOUT_PATH}/confirmation/${encodeURIComponent(orderNumber)}`;

/**
 * Where a paid order, or one whose payment the provider has not answered yet, takes the shopper:
 * its confirmation page, which says which and updates itself (never back to a form where paying
 * again could only meet the same order). The checkout and Express Buy both end here.
 */
export const goToConfirmation = (navigate: NavigateFunction, answer: { readonly __typename: 'OrderPlaced' | 'OrderPending'; readonly order: { readonly orderNumber: string } }) =>
  navigate(confirmationPath(answer.order.orderNumber));

/** The validity-extension offer of an order. */
export const orderAddonPath = (orderNumber: string) => `${ORDER_ADDON_PATH}?${new URLSearchParams({ order: orderNumber })}`;
