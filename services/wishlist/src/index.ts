export { createWishlistApp, WISHLIST_BASE_PATH, type WishlistAppOptions } from './app.ts';
export { migrateWishlist, wishlistMigrations, WISHLIST_SCHEMA, type WishlistDb } from './db/database.ts';
export {
  addDeal, changeWishlist, clearWishlist, createWithDeal, removeDeal, wishlistById, wishlistOfCustomer, newWishlistId,
  WISHLIST_MAX_DEALS, WISHLIST_NOT_FOUND, WISHLIST_FULL, WISHLIST_OWNED, WishlistRefusal,
  type ChangeResult, type Paging, type Wishlist, type WishlistDeal, type WishlistOperation,
} from './wishlist.ts';
export * from './contract.ts';
