export { createCheckoutApp, CHECKOUT_BASE_PATH, type CheckoutApp, type CheckoutAppOptions } from './app.ts';
export { migrateCheckout, checkoutMigrations, ORDERS_SCHEMA, type OrdersDatabase } from './db/database.ts';
export { reconcilePendingOrders, RECONCILE_ABANDON_AFTER_MS, type ReconcileOptions, type ReconcileReport } from './lib/reconcile.ts';
export { deliverOrderMail } from './lib/orders.ts';
export { FAULT_POINTS, type FaultPoint, type CheckoutPayments } from './lib/deps.ts';
export { classifyPromoMessage, PROMO_MESSAGES } from './lib/promo.ts';
export { generateVoucherCode, VOUCHER_CODE_BITS } from './lib/voucher-codes.ts';
