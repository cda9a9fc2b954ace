/**
 * Goods posting: one statement each, on the handle given first. Every read is scoped to the
 * business's deals (dealIds), so another business's voucher is never seen, exactly as an unknown one.
 */
import { sql } from 'kysely';
import type { StoredVoucherStatus } from '@shop/domain/voucher-status';
import { GIFT_CARD_DEAL_ID } from '@shop/domain/gift-cards';
import { inVouchers, type AnyDb } from '../db/database.ts';
import type { PostingCarrier, PostingCursor } from './posting.contract.ts';

export interface PostedOrderRow {
  id: string;
  order_number: string;
  deal_id: number;
  title: string;
  line_quantity: number | string;
  paid_at: Date | string;
  status: StoredVoucherStatus;
  name: string | null;
  line1: string | null;
  line2: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  carrier: PostingCarrier | null;
  tracking_reference: string | null;
  sent_at: Date | string | null;
}

/**
 * Issue 18 point 2: the gift-card deal sells e-gifts and posted cards; only a posted line's
 * vouchers are goods to post (every voucher of another deal asked about is).
 */
const postedOnly = sql`and (v.deal_id <> ${GIFT_CARD_DEAL_ID} or exists (select 1 from vouchers.posted_line p where p.order_line_id = v.order_line_id))`;

const columns = sql`
  v.id, v.order_number, v.deal_id, v.title, v.paid_at, v.status,
  (select count(*) from vouchers.voucher w where w.order_id = v.order_id and w.order_line_id = v.order_line_id) as line_quantity,
  a.name, a.line1, a.line2, a.town, a.county, a.postcode,
  d.carrier, d.tracking_reference, d.sent_at`;

/**
 * Paid goods not sent yet, oldest payment first: Ready to Redeem (not refunded, cancelled, in a
 * return or used) with no dispatch.
 */
export async function ordersToPost(db: AnyDb, dealIds: readonly number[], first: number, after: PostingCursor | null): Promise<PostedOrderRow[]> {
  const from = after ? sql`and (v.paid_at, v.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  const { rows } = await sql<PostedOrderRow>`
    select ${columns}
    from vouchers.voucher v
    left join vouchers.order_delivery a on a.order_id = v.order_id
    left join vouchers.dispatch d on d.voucher_id = v.id
    where v.deal_id = any(${[...dealIds]}::int[]) and v.status = 'Ready to Redeem' and d.voucher_id is null ${postedOnly} ${from}
    order by v.paid_at, v.id
    limit ${first}`.execute(db);
  return rows;
}

/** Goods sent, most recently sent first, whatever became of them since (their status says). */
export async function sentOrders(db: AnyDb, dealIds: readonly number[], first: number, after: PostingCursor | null): Promise<PostedOrderRow[]> {
  const from = after ? sql`and (d.sent_at, v.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  const { rows } = await sql<PostedOrderRow>`
    select ${columns}
    from vouchers.dispatch d
    join vouchers.voucher v on v.id = d.voucher_id
    left join vouchers.order_delivery a on a.order_id = v.order_id
    where v.deal_id = any(${[...dealIds]}::int[]) ${from}
    order by d.sent_at desc, v.id desc
    limit ${first}`.execute(db);
  return rows;
}

/** One voucher of these deals with its address and dispatch; undefined for another merchant's or an unknown one. */
export async function postedOrder(db: AnyDb, dealIds: readonly number[], voucherId: string): Promise<PostedOrderRow | undefined> {
  const { rows } = await sql<PostedOrderRow>`
    select ${columns}
    from vouchers.voucher v
    left join vouchers.order_delivery a on a.order_id = v.order_id
    left join vouchers.dispatch d on d.voucher_id = v.id
    where v.id = ${voucherId}::uuid and v.deal_id = any(${[...dealIds]}::int[])`.execute(db);
  return rows[0];
}

export interface NewDispatch {
  voucherId: string;
  dealIds: readonly number[];
  carrier: PostingCarrier;
  trackingReference: string;
  sentBy: string;
  actorRef: string | null;
  at: Date;
}

/**
 * The dispatch, once: written only while the voucher (of these deals) is Ready to Redeem, holding
 * its row lock so a refund or a return at the same moment is decided before or after, never
 * beside; a second dispatch of the same voucher is nothing (the primary key). Whether it was written.
 */
export async function insertDispatch(db: AnyDb, d: NewDispatch): Promise<boolean> {
  const { rows } = await sql<{ voucher_id: string }>`
    with v as (
      select id from vouchers.voucher
      where id = ${d.voucherId}::uuid and deal_id = any(${[...d.dealIds]}::int[]) and status = 'Ready to Redeem'
        and (deal_id <> ${GIFT_CARD_DEAL_ID} or exists (select 1 from vouchers.posted_line p where p.order_line_id = vouchers.voucher.order_line_id))
      for update
    )
    insert into vouchers.dispatch (voucher_id, carrier, tracking_reference, sent_at, sent_by, actor_ref)
    select v.id, ${d.carrier}, ${d.trackingReference}, ${d.at}::timestamptz, ${d.sentBy}, ${d.actorRef} from v
    on conflict (voucher_id) do nothing
    returning voucher_id`.execute(db);
  return rows.length > 0;
}

export interface ReturnOnItsWayRow {
  id: string;
  order_number: string;
  title: string;
  status: StoredVoucherStatus;
  reason: string;
  note: string | null;
  carrier: string;
  tracking_number: string;
  created_at: Date | string;
}

/** Returns the carrier has scanned (Return in Transit) of these deals, oldest request first. */
export async function returnsOnTheirWay(db: AnyDb, dealIds: readonly number[], first: number, after: PostingCursor | null): Promise<ReturnOnItsWayRow[]> {
  const from = after ? sql`and (r.created_at, v.id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
  const { rows } = await sql<ReturnOnItsWayRow>`
    select v.id, v.order_number, v.title, v.status, r.reason, r.note, r.carrier, r.tracking_number, r.created_at
    from vouchers.return_order r
    join vouchers.voucher v on v.id = r.voucher_id
    where v.deal_id = any(${[...dealIds]}::int[]) and v.status = 'Return in Transit' ${from}
    order by r.created_at, v.id
    limit ${first}`.execute(db);
  return rows;
}

/** The return of a voucher of these deals, with the voucher's status; undefined for another merchant's or an unknown one. */
export async function returnOfVoucher(db: AnyDb, dealIds: readonly number[], voucherId: string) {
  return inVouchers(db)
    .selectFrom('voucher as v')
    .leftJoin('return_order as r', 'r.voucher_id', 'v.id')
    .select(['v.id', 'v.status', 'r.id as return_id'])
    .where('v.id', '=', voucherId)
    .where('v.deal_id', 'in', [...dealIds])
    .executeTakeFirst();
}

/** The dispatches of the holder's vouchers among `voucherIds` (My Vouchers). */
export async function holderDispatches(db: AnyDb, customerToken: string, voucherIds: readonly string[]) {
  if (voucherIds.length === 0) return [];
  return inVouchers(db)
    .selectFrom('dispatch as d')
    .innerJoin('voucher as v', 'v.id', 'd.voucher_id')
    .select(['d.voucher_id', 'd.carrier', 'd.tracking_reference', 'd.sent_at'])
    .where('v.customer_token', '=', customerToken)
    .where('d.voucher_id', 'in', [...voucherIds])
    .execute();
}

/** Copies an order's delivery address (the checkout's paying transaction calls it through posting.ts's recordOrderDelivery). */
/** Issue 18 point 2: the order's posted gift-card lines, once each. */
export async function insertPostedLines(trx: AnyDb, orderId: string, orderLineIds: readonly string[]): Promise<void> {
  if (orderLineIds.length === 0) return;
  await inVouchers(trx).insertInto('posted_line').values(orderLineIds.map((id) => ({ order_line_id: id, order_id: orderId }))).onConflict((oc) => oc.column('order_line_id').doNothing()).execute();
}

export async function insertOrderDelivery(trx: AnyDb, row: { order_id: string; name: string; line1: string; line2: string | null; town: string; county: string | null; postcode: string }): Promise<void> {
  await inVouchers(trx).insertInto('order_delivery').values(row).onConflict((oc) => oc.column('order_id').doNothing()).execute();
}

/**
 * The dispatch of a voucher, read under the voucher's row lock (taken here and held to the end of
 * the caller's transaction), for the shopper's money-back paths (refund, credit): a "sent" at the
 * same moment is decided before (then it is seen here) or after (then it finds the voucher moved).
 */
export async function lockedDispatch(trx: AnyDb, voucherId: string): Promise<{ deal_id: number; carrier: string; tracking_reference: string; sent_at: Date | string } | undefined> {
  const locked = await sql<{ deal_id: number }>`select deal_id from vouchers.voucher where id = ${voucherId}::uuid for update`.execute(trx);
  const sent = await inVouchers(trx).selectFrom('dispatch').select(['carrier', 'tracking_reference', 'sent_at']).where('voucher_id', '=', voucherId).executeTakeFirst();
  return sent && locked.rows[0] ? { ...sent, deal_id: Number(locked.rows[0].deal_id) } : undefined;
}

/** One posted gift card (issue 18 point 2) with its order's address and, once sent, when. */
export interface PostedGiftCardRow {
  id: string;
  code: string;
  price: number | string;
  currency: string;
  status: StoredVoucherStatus;
  order_id: string;
  order_number: string;
  paid_at: Date | string;
  name: string | null;
  line1: string | null;
  line2: string | null;
  town: string | null;
  county: string | null;
  postcode: string | null;
  sent_at: Date | string | null;
}

/**
 * The posted gift cards of the `first` orders waiting to be sent (any card Ready to Redeem with no
 * dispatch), oldest payment first, or of the `first` orders most recently sent: every card of each.
 */
export async function postedGiftCards(db: AnyDb, which: 'to-post' | 'sent', first: number): Promise<PostedGiftCardRow[]> {
  const picked =
    which === 'to-post'
      ? sql`select v.order_id, min(v.paid_at) as at from vouchers.voucher v
          join vouchers.posted_line p on p.order_line_id = v.order_line_id
          left join vouchers.dispatch d on d.voucher_id = v.id
          where v.deal_id = ${GIFT_CARD_DEAL_ID} and v.status = 'Ready to Redeem' and d.voucher_id is null
          group by v.order_id order by min(v.paid_at), v.order_id limit ${first}`
      : sql`select v.order_id, max(d.sent_at) as at from vouchers.voucher v
          join vouchers.dispatch d on d.voucher_id = v.id
          join vouchers.posted_line p on p.order_line_id = v.order_line_id
          where v.deal_id = ${GIFT_CARD_DEAL_ID}
          group by v.order_id order by max(d.sent_at) desc, v.order_id limit ${first}`;
  // Waiting: only the cards still to send (a refunded one is not posted); sent: the cards sent.
  const cards = which === 'to-post' ? sql`v.status = 'Ready to Redeem' and d.voucher_id is null` : sql`d.voucher_id is not null`;
  const { rows } = await sql<PostedGiftCardRow>`
    with picked as (${picked})
    select v.id, v.code, v.price, v.currency, v.status, v.order_id, v.order_number, v.paid_at,
           a.name, a.line1, a.line2, a.town, a.county, a.postcode, d.sent_at
    from picked o
    join vouchers.voucher v on v.order_id = o.order_id and v.deal_id = ${GIFT_CARD_DEAL_ID}
    join vouchers.posted_line p on p.order_line_id = v.order_line_id
    left join vouchers.order_delivery a on a.order_id = v.order_id
    left join vouchers.dispatch d on d.voucher_id = v.id
    where ${cards}
    order by o.at ${which === 'to-post' ? sql`asc` : sql`desc`}, v.order_id, v.price, v.id`.execute(db);
  return rows;
}

/**
 * Marks every posted gift card of an order that is still Ready to Redeem sent, in the caller's
 * transaction, under each card's row lock (a refund at the same moment is decided before or
 * after); a card sent already keeps its dispatch (the primary key). The ids of the cards marked now.
 */
export async function insertGiftCardDispatches(trx: AnyDb, d: { orderNumber: string; carrier: PostingCarrier; trackingReference: string; sentBy: string; actorRef: string | null; at: Date }): Promise<string[]> {
  const { rows } = await sql<{ voucher_id: string }>`
    with cards as (
      select v.id from vouchers.voucher v
      join vouchers.posted_line p on p.order_line_id = v.order_line_id
      where v.order_number = ${d.orderNumber} and v.deal_id = ${GIFT_CARD_DEAL_ID} and v.status = 'Ready to Redeem'
      order by v.id
      for update of v
    )
    insert into vouchers.dispatch (voucher_id, carrier, tracking_reference, sent_at, sent_by, actor_ref)
    select id, ${d.carrier}, ${d.trackingReference}, ${d.at}::timestamptz, ${d.sentBy}, ${d.actorRef} from cards
    on conflict (voucher_id) do nothing
    returning voucher_id`.execute(trx);
  return rows.map((r) => r.voucher_id);
}

/** The posted gift cards of one order (any status), with their dispatch. */
export async function orderPostedGiftCards(db: AnyDb, orderNumber: string): Promise<PostedGiftCardRow[]> {
  const { rows } = await sql<PostedGiftCardRow>`
    select v.id, v.code, v.price, v.currency, v.status, v.order_id, v.order_number, v.paid_at,
           a.name, a.line1, a.line2, a.town, a.county, a.postcode, d.sent_at
    from vouchers.voucher v
    join vouchers.posted_line p on p.order_line_id = v.order_line_id
    left join vouchers.order_delivery a on a.order_id = v.order_id
    left join vouchers.dispatch d on d.voucher_id = v.id
    where v.order_number = ${orderNumber} and v.deal_id = ${GIFT_CARD_DEAL_ID}
    order by v.price, v.id`.execute(db);
  return rows;
}
