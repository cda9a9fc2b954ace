export { createCheckoutApp, CHECKOUT_BASE_PATH, type CheckoutApp, type CheckoutAppOptions } from './app.ts';
export { migrateCheckout, checkoutMigrations, ORDERS_SCHEMA, type OrdersDatabase } from './db/database.ts';
export { reconcilePendingOrders, RECONCILE_ABANDON_AFTER_MS, type ReconcileOptions, type ReconcileReport } from './lib/reconcile.ts';
export { deliverOrderMail, VOUCHER_VALIDITY_MONTHS, VOUCHER_EXTENSION_MAX_MONTHS } from './lib/orders.ts';
export { VVE_PRICE_PER_VOUCHER_MONTH_PENCE } from './lib/place-order.ts';
export { EXPRESS_BUY_TOKEN_TTL_MS } from './lib/express-buy.ts';
export { FAULT_POINTS, type FaultPoint, type CheckoutPayments, type JobDeps } from './lib/deps.ts';
export { classifyPromoMessage, PROMO_MESSAGES } from './lib/promo.ts';
export { generateVoucherCode, VOUCHER_CODE_BITS } from './lib/voucher-codes.ts';
