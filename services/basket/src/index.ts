export { createBasketApp, basketJson, BASKET_BASE_PATH, type BasketAppOptions } from './app.ts';
export { migrateBasket, basketMigrations, BASKET_SCHEMA, type BasketDb, type BasketDatabase } from './db/database.ts';
export { getBasket, removeLines, insertExpressBasket, customerBasket, insertBasket, saveBasket, type StoredBasket, type BasketAddon } from './baskets/baskets.store.ts';
export { mergeGuestBasket, type MergeOutcome } from './baskets/merge.ts';
export { newBasketToken } from './baskets/tokens.ts';
export { lineLimit, refuseLine, type CatalogueProduct, type ProductCheck, type LineRefusal } from './lines/product-check.ts';
export * from './contract.ts';
