/**
 * The stock invariant (contract: services/checkout/README.md): for every product with stock,
 * remaining + units held + units sold since a snapshot stays what it was at the snapshot, and no
 * figure is ever negative. Tests take a snapshot, run their traffic, and check.
 */
import { sql } from 'kysely';
import type { StockDb } from './stock.ts';

export interface StockFigures {
  remaining: number | null;
  held: number;
  sold: number;
}

/** remaining, held and sold of the products (all products when `productIds` is omitted). */
export async function stockSnapshot(db: StockDb, productIds?: number[]): Promise<Map<number, StockFigures>> {
  const filter = productIds ? (productIds.length ? sql`where p.id in (${sql.join(productIds)})` : sql`where false`) : sql``;
  const { rows } = await sql<{ id: number; remaining: number | null; held: number; sold: number }>`select p.id, p.remaining,
      coalesce((select sum(h.quantity) from deals.stock_hold h where h.product_id = p.id), 0)::integer as held,
      coalesce((select s.quantity from deals.stock_sale s where s.product_id = p.id), 0)::integer as sold
    from deals.product p ${filter} order by p.id`.execute(db);
  return new Map(rows.map((r) => [r.id, { remaining: r.remaining, held: r.held, sold: r.sold }]));
}

/** Every breach of the invariant since `before` (empty: all is well), as readable lines. */
export async function stockInvariantViolations(db: StockDb, before: Map<number, StockFigures>): Promise<string[]> {
  const after = await stockSnapshot(db, [...before.keys()]);
  const problems: string[] = [];
  for (const [id, b] of before) {
    const a = after.get(id);
    if (!a) {
      problems.push(`product ${id} disappeared`);
      continue;
    }
    if (a.held < 0 || a.sold < 0) problems.push(`product ${id}: held ${a.held}, sold ${a.sold}`);
    if ((a.remaining === null) !== (b.remaining === null)) problems.push(`product ${id}: remaining changed between limited and unlimited`);
    if (a.remaining !== null && b.remaining !== null) {
      if (a.remaining < 0) problems.push(`product ${id}: remaining ${a.remaining} is negative`);
      const was = b.remaining + b.held + b.sold;
      const now = a.remaining + a.held + a.sold;
      if (was !== now) problems.push(`product ${id}: remaining + held + sold was ${was}, is ${now}`);
    }
  }
  const negatives = await sql<{ n: number }>`select (select count(*) from deals.stock_hold where quantity <= 0)
    + (select count(*) from deals.purchase_count where quantity < 0) + (select count(*) from deals.stock_sale where quantity < 0) as n`.execute(db);
  if (Number(negatives.rows[0]?.n ?? 0) > 0) problems.push('a hold, count or sale row is not positive');
  return problems;
}
