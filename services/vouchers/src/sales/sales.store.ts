/**
 * The sales figures of a set of deals over London days (issue 17 point 2), set based: one grouped
 * query over the vouchers sold (by paid_at) and one over the events (redeem, unredeem, to Refunded,
 * to Expired) in the period, each grouped by deal, option and London day. The period's bounds are
 * instants (London midnights, BST or GMT), so the indexes on paid_at and the events serve them.
 */
import { sql } from 'kysely';
import { REDEMPTION_UNDO_MINUTES } from '@shop/domain/voucher-status';
import type { AnyDb } from '../db/database.ts';

export interface SoldRow {
  deal_id: number;
  deal_product_id: number;
  currency: 'GBP' | 'EUR';
  title: string;
  day: string;
  sold: number;
  sold_value: number;
}

export interface EventRow {
  deal_id: number;
  deal_product_id: number;
  currency: 'GBP' | 'EUR';
  title: string;
  day: string;
  redeemed: number;
  refunded: number;
  expired: number;
}

const londonDay = (column: ReturnType<typeof sql.ref>) => sql<string>`to_char((${column} at time zone 'Europe/London')::date, 'YYYY-MM-DD')`;

/** Vouchers of these deals paid in [start, end), per option and London day; cancelled ones (payment declined) are not sales. */
export async function soldByDay(db: AnyDb, dealIds: readonly number[], start: Date, end: Date): Promise<SoldRow[]> {
  const day = londonDay(sql.ref('v.paid_at'));
  const { rows } = await sql<SoldRow>`
    select v.deal_id, v.deal_product_id, v.currency, min(v.title) as title, ${day} as day,
           count(*)::int as sold, coalesce(sum(v.paid), 0)::bigint as sold_value
      from vouchers.voucher v
     where v.deal_id = any(${[...dealIds]}::int[])
       and v.paid_at >= ${start} and v.paid_at < ${end}
       and v.status <> 'Cancelled'
     group by v.deal_id, v.deal_product_id, v.currency, ${day}`.execute(db);
  return rows.map((r) => ({ ...r, deal_id: Number(r.deal_id), deal_product_id: Number(r.deal_product_id), sold: Number(r.sold), sold_value: Number(r.sold_value) }));
}

/**
 * An undo comes at most 15 minutes after its redemption (both ends included, README "Redemption"):
 * the events read reach this far past the period so that a redemption on its last day sees its undo.
 */
const UNDO_REACH = `${REDEMPTION_UNDO_MINUTES + 1} minutes`;

/**
 * The events of these deals' vouchers in [start, end), per option and London day of the event.
 * Redeemed counts the redemptions that stand, on the day they were made: a redeem event followed
 * (among that voucher's redeem and unredeem events) by an unredeem was undone and does not count,
 * whatever day the undo fell on; a later redemption of the same voucher counts on its own day. So a
 * day is never negative and a period's total is exactly the vouchers redeemed in it and still
 * redeemed. Refunded and expired: moves to Refunded and to Expired.
 */
export async function eventsByDay(db: AnyDb, dealIds: readonly number[], start: Date, end: Date): Promise<EventRow[]> {
  const day = londonDay(sql.ref('ev.at'));
  const { rows } = await sql<EventRow>`
    with ev as (
      select v.deal_id, v.deal_product_id, v.currency, v.title, e.event, e.to_status, e.at,
             lead(e.event) over (partition by e.voucher_id, e.event in ('redeem', 'unredeem') order by e.id) as next_event
        from vouchers.voucher_event e
        join vouchers.voucher v on v.id = e.voucher_id
       where v.deal_id = any(${[...dealIds]}::int[])
         and e.at >= ${start} and e.at < ${end}::timestamptz + ${UNDO_REACH}::interval
         and (e.event in ('redeem', 'unredeem') or e.to_status in ('Refunded', 'Expired'))
    )
    select ev.deal_id, ev.deal_product_id, ev.currency, min(ev.title) as title, ${day} as day,
           (count(*) filter (where ev.event = 'redeem' and ev.next_event is distinct from 'unredeem'))::int as redeemed,
           (count(*) filter (where ev.to_status = 'Refunded'))::int as refunded,
           (count(*) filter (where ev.to_status = 'Expired'))::int as expired
      from ev
     where ev.at < ${end}
     group by ev.deal_id, ev.deal_product_id, ev.currency, ${day}
    having count(*) filter (where ev.event <> 'unredeem') > 0`.execute(db);
  return rows.map((r) => ({ ...r, deal_id: Number(r.deal_id), deal_product_id: Number(r.deal_product_id), redeemed: Number(r.redeemed), refunded: Number(r.refunded), expired: Number(r.expired) }));
}
