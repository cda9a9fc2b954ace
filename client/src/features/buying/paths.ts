/** The buying pages' paths (spec §2: /checkout, /order-addon, /order-addon/signin-page). */
export const CHECKOUT_PATH = '/checkout';
export const ORDER_ADDON_PATH = '/order-addon';
export const ORDER_ADDON_SIGNIN_PATH = '/order-addon/signin-page';

/** The confirmation page of an order (ours: the spec names none). */
export const confirmationPath = (orderNumber: string) => `${CHECKOUT_PATH}/confirmation/${encodeURIComponent(orderNumber)}`;

/** The validity-extension offer of an order. */
export const orderAddonPath = (orderNumber: string) => `${ORDER_ADDON_PATH}?${new URLSearchParams({ order: orderNumber })}`;
