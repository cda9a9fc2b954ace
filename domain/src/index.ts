export * from './money.ts';
export * from './error-codes.ts';
export * from './catalogue.ts';
export * from './paths.ts';
export * from './deal-pricing.ts';
export * from './headline-price.ts';
export * from './features.ts';
export * from './themes.ts';
export * from './london-time.ts';
export * from './text.ts';
export * from './page-head.ts';
export * from './search.ts';
export * from './accounts.ts';
export { canonicalEmail, emailSchema, EMAIL_LOCAL_MAX } from './email.ts';
export * from './buying.ts';
export * from './purchase-limits.ts';
export * from './gifting.ts';
export * from './voucher-status.ts';
// postcodes.ts is imported as '@shop/domain/postcodes' (it brings the postcode package).
