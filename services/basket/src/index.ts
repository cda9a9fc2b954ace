export { createBasketApp, basketJson, BASKET_BASE_PATH, type BasketAppOptions } from './app.ts';
export { migrateBasket, basketMigrations, BASKET_SCHEMA, type BasketDb, type BasketDatabase } from './db/database.ts';
export { getBasket, removeLines, mergeGuestBasket, newBasketToken, insertExpressBasket, type StoredBasket, type BasketAddon, type MergeOutcome } from './store.ts';
export { lineLimit, refuseLine, type CatalogueProduct, type ProductCheck, type LineRefusal } from './product-check.ts';
export * from './contract.ts';
