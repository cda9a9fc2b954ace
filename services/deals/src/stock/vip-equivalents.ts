/**
 * apply-vip-discount (spec §7, issue 18 point 5): for options a member has in their basket, the
 * VIP-exclusive option of the same deal that is their VIP version (domain vipEquivalentOf). Read
 * on the caller's handle (the basket's transaction: PGlite has one connection).
 */
import { sql } from 'kysely';
import { vipEquivalentOf, type VipComparableOption } from '@shop/domain/vip';
import type { StockDb } from './stock.ts';

/** For each of `productIds` that has one, its VIP equivalent: the option's id, and both prices (pence). */
export async function vipEquivalents(db: StockDb, productIds: readonly number[]): Promise<Map<number, { vipProductId: number; price: number; vipPrice: number }>> {
  const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  const found = new Map<number, { vipProductId: number; price: number; vipPrice: number }>();
  if (ids.length === 0) return found;
  const { rows } = await sql<{
    id: number; deal_id: number; title: string; price_pence: number; original_price_pence: number; vip_exclusive: boolean; disabled: boolean;
    number_of_nights: number | null; postage_pence: number | null; deposit_price_pence: number | null;
  }>`select p.id, p.deal_id, p.title, p.price_pence, p.original_price_pence, p.vip_exclusive, p.disabled, p.number_of_nights, p.postage_pence, p.deposit_price_pence
    from deals.product p
    where p.deal_id in (select q.deal_id from deals.product q where q.id in (${sql.join(ids)}))`.execute(db);
  const options: VipComparableOption[] = rows.map((r) => ({
    id: Number(r.id),
    dealId: Number(r.deal_id),
    title: r.title,
    price: r.price_pence,
    originalPrice: r.original_price_pence,
    vipExclusive: r.vip_exclusive,
    disabled: r.disabled,
    nights: r.number_of_nights,
    postage: r.postage_pence,
    deposit: r.deposit_price_pence,
  }));
  for (const id of ids) {
    const option = options.find((o) => o.id === id);
    if (!option) continue;
    const vip = vipEquivalentOf(option, options.filter((o) => o.dealId === option.dealId));
    if (vip) found.set(id, { vipProductId: vip.id, price: option.price, vipPrice: vip.price });
  }
  return found;
}
