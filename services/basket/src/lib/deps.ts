import type { Kysely } from 'kysely';
import type { BasketDb } from '../db/database.ts';
import type { ProductCheck } from '../lines/product-check.ts';

/** What the handlers need, given once when the app is created. */
export interface BasketDeps {
  db: BasketDb;
  now: () => Date;
  /** Public path the app is mounted at (Location headers), e.g. /api/basket. */
  basePath: string;
  /** The catalogue check of new and changed lines; without it lines are kept as given. */
  productCheck: ProductCheck | null;
  /**
   * apply-vip-discount: for the given options, their VIP-exclusive equivalents (services/deals
   * vipEquivalents), read on the basket's transaction `db`; without it no line has one.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic handle
  vipEquivalents?: (input: { productIds: number[]; db: Kysely<any> }) => Promise<Map<number, { vipProductId: number; price: number; vipPrice: number }>>;
}
