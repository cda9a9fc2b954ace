export { createDealsApp, DEALS_BASE_PATH, type DealsAppOptions, type DealsApp } from './app.ts';
export { dealsMigrations, migrateDeals, DEALS_SCHEMA } from './db/database.ts';
export { seedDeals, seedIfEmpty, DEFAULT_SEED, DEFAULT_DEAL_COUNT, type SeedOptions, type SeedResult } from './seed/seed.ts';
export { ensureGiftCardDeal } from './seed/gift-card.ts';
export * from './contract.ts';
export { recordDealView, recordPurchase, type DealViewInput, type PurchaseInput } from './lists/history.ts';
export * from './stock/index.ts';
export { catalogueMerchants, dealIdsOfMerchant, topCategorySlugs, type CatalogueMerchant } from './merchants/merchants.store.ts';
