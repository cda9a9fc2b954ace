/**
 * An option's price changed (the operator route PUT /deal/{dealId}/products/{productId}/price):
 * the option, and the deal's own price summary (price, original price, discount, VIP price: what
 * the seed writes from domain's summariseDealPrice), in one transaction; the headline trigger on
 * deals.product recomputes the headline price in the same statement.
 */
import { sql } from 'kysely';
import { summariseDealPrice } from '@shop/domain';
import type { DealsDb } from '../db/database.ts';

/** The deal's headline price after the change; null when the deal has no such option. */
export async function setProductPrice(db: DealsDb, dealId: number, productId: number, pricePence: number): Promise<{ headlinePricePence: number } | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`update deals.product set price_pence = ${pricePence}, original_price_pence = greatest(original_price_pence, ${pricePence})
      where id = ${productId} and deal_id = ${dealId} returning id`.execute(trx);
    if (rows.length === 0) return null;
    const products = await trx.withSchema('deals').selectFrom('product').select(['price_pence', 'original_price_pence', 'vip_exclusive', 'disabled']).where('deal_id', '=', dealId).execute();
    const summary = summariseDealPrice(products.map((p) => ({ price: p.price_pence, originalPrice: p.original_price_pence, vipExclusive: p.vip_exclusive, disabled: p.disabled })));
    const deal = await trx
      .withSchema('deals')
      .updateTable('deal')
      .set({ price_pence: summary.price, original_price_pence: summary.originalPrice, discount_percentage: summary.discountPercentage, vip_price_pence: summary.vipPrice })
      .where('id', '=', dealId)
      .returning('headline_price_pence')
      .executeTakeFirstOrThrow();
    return { headlinePricePence: Number(deal.headline_price_pence) };
  });
}
