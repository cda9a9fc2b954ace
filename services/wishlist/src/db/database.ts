/**
 * The wishlist schema and its migrations. Queries are SQL with schema-qualified names
 * (wishlist.wishlist, …), so the service takes any Kysely handle: the shop shares one connection.
 */
import type { Kysely } from 'kysely';
import { schemaMigrations } from '@shop/platform';

export const WISHLIST_SCHEMA = 'wishlist';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema-agnostic: module functions take the caller's Transaction<any>
export type WishlistDb = Kysely<any>;

/** The schema's migrations (the files of migrations/, run in name order) and the function that brings it to the latest. */
export const { migrations: wishlistMigrations, migrate: migrateWishlist } = schemaMigrations(WISHLIST_SCHEMA, new URL('./migrations/', import.meta.url));
