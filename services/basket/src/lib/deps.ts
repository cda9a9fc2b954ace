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
}
