/**
 * The facts a payout statement is made of (issue 17 point 6), set based, for a set of deals over
 * [start, end): every payable event of each voucher that has a payable event or a refund in the
 * range (its redemptions, each with the undo that followed it if any, and its sending), with the
 * voucher's paid value and its refund's time. One statement; the rules (domain/src/payouts.ts)
 * decide the lines, so a voucher redeemed before the range and refunded in it is read whole.
 *
 * An undo always undoes the voucher's latest redemption, and a voucher cannot be redeemed again
 * while it is Redeemed, so the first unredeem event after a redeem event (by id) is its undo.
 */
import { sql } from 'kysely';
import type { Currency } from '@shop/domain/money';
import type { PayoutFact } from '@shop/domain/payouts';
import type { AnyDb } from '../db/database.ts';

interface FactRow {
  voucher_id: string;
  code: string;
  deal_id: number;
  title: string;
  paid: number;
  kind: 'redeemed' | 'sent';
  at: Date | string;
  undone_at: Date | string | null;
  refunded_at: Date | string | null;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export async function payoutFacts(db: AnyDb, input: { dealIds: readonly number[]; currency: Currency; start: Date; end: Date }): Promise<PayoutFact[]> {
  const deals = [...input.dealIds];
  const { rows } = await sql<FactRow>`
    with mine as (
      select v.id from vouchers.voucher v where v.deal_id = any(${deals}::int[]) and v.currency = ${input.currency}
    ), facts as (
      select r.voucher_id, 'redeemed'::text as kind, r.at,
             (select min(u.at) from vouchers.voucher_event u
               where u.voucher_id = r.voucher_id and u.event = 'unredeem' and u.id > r.id) as undone_at
        from vouchers.voucher_event r
       where r.event = 'redeem' and r.voucher_id in (select id from mine)
      union all
      select d.voucher_id, 'sent'::text, d.sent_at, null::timestamptz
        from vouchers.dispatch d
       where d.voucher_id in (select id from mine)
    ), touched as (
      select voucher_id from facts where at >= ${input.start} and at < ${input.end}
      union
      select f.voucher_id from vouchers.refund f
       where f.voucher_id in (select id from mine) and f.created_at >= ${input.start} and f.created_at < ${input.end}
    )
    select x.voucher_id, v.code, v.deal_id, v.title, v.paid, x.kind, x.at, x.undone_at, rf.created_at as refunded_at
      from facts x
      join vouchers.voucher v on v.id = x.voucher_id
      left join vouchers.refund rf on rf.voucher_id = x.voucher_id
     where x.voucher_id in (select voucher_id from touched)`.execute(db);
  return rows.map((r) => ({
    voucherId: r.voucher_id,
    code: r.code,
    dealId: Number(r.deal_id),
    title: r.title,
    paid: Number(r.paid),
    kind: r.kind,
    at: date(r.at),
    undoneAt: r.undone_at === null ? null : date(r.undone_at),
    refundedAt: r.refunded_at === null ? null : date(r.refunded_at),
  }));
}
