/**
 * Where order points come from (README "Order points"): the paid orders of the shop's own
 * database, read from the tables the checkout's paying transaction writes — `orders.orders`
 * (status PAID, paid_at) and `vouchers.order_payment` (cash captured and refunded per order, kept
 * by the vouchers service's refunds). Read only; when either schema is absent (the rewards
 * service alone on its own database) nothing is collected.
 */
import { sql, type Kysely } from 'kysely';
import type { RewardsDb } from './db/database.ts';
import { recordOrderPoints, settleOrderPoints, type OrderStanding } from './points.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads other schemas by SQL
type AnyDb = Kysely<any>;

async function shopTablesPresent(db: AnyDb): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('orders.orders') is not null and to_regclass('vouchers.order_payment') is not null as present`.execute(db);
  return rows[0]?.present === true;
}

/** An order's cash paid and refunded, and whether it is still PAID (a settlement declined fails it). */
export const shopOrderStanding: OrderStanding = async (trx, orderId) => {
  const row = (
    await sql<{ cash_captured: number; cash_refunded: number; status: string }>`select op.cash_captured, op.cash_refunded, o.status
      from vouchers.order_payment op join orders.orders o on o.id = op.order_id where op.order_id::text = ${orderId}`.execute(trx)
  ).rows[0];
  return row ? { paidPence: Number(row.cash_captured), refundedPence: Number(row.cash_refunded), stands: row.status === 'PAID' } : null;
};

/**
 * The order points job (leased): records pending points for paid orders of signed-in customers
 * not seen yet (each in its own transaction, once per order by the order_points key), then
 * settles those whose refund window has passed. `now` is injectable (tests, the operator's run
 * as at a later instant: POST /reward/order-points/run), `customerToken` limits it to one customer.
 */
export async function collectOrderPoints(db: RewardsDb, options: { now: Date; batch?: number; customerToken?: string }): Promise<{ recorded: number; settled: number; removed: number }> {
  const only = options.customerToken ?? null;
  if (!(await shopTablesPresent(db))) return { recorded: 0, settled: 0, removed: 0 };
  const { rows } = await sql<{ order_id: string; order_number: string; customer_token: string; cash_captured: number; paid_at: Date | string }>`
    select op.order_id::text as order_id, op.order_number, op.customer_token, op.cash_captured, o.paid_at
    from vouchers.order_payment op join orders.orders o on o.id = op.order_id
    where o.status = 'PAID' and o.paid_at is not null and op.customer_token is not null and op.cash_captured > 0 and (${only}::text is null or op.customer_token = ${only})
      and not exists (select 1 from rewards.order_points p where p.order_id = op.order_id::text)
    order by o.paid_at limit ${options.batch ?? 200}`.execute(db);
  let recorded = 0;
  for (const r of rows) {
    const done = await db.transaction().execute((trx) =>
      recordOrderPoints(trx, { orderId: r.order_id, orderNumber: r.order_number, customerToken: r.customer_token, paidPence: Number(r.cash_captured), paidAt: new Date(r.paid_at), now: options.now }),
    );
    if (done.recorded) recorded++;
  }
  const { settled, removed } = await settleOrderPoints(db, { now: options.now, standing: shopOrderStanding, ...(options.customerToken ? { customerToken: options.customerToken } : {}) });
  return { recorded, settled, removed };
}

/** How often the shop runs collectOrderPoints. */
export const COLLECT_ORDER_POINTS_EVERY_MS = 60_000;
