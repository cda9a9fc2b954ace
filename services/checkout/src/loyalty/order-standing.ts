/**
 * The loyalty club's view of an order (issue 18 point 6; services/rewards README "Order points").
 * Points are recorded pending in the paying transaction (orders.ts finishPaid: recordOrderPoints)
 * and settled by the rewards service's job after the refund window against this: what is left
 * paid in cash after refunds (vouchers module function) and whether the order still stands (a
 * payment declined at settlement moves it off PAID). Read in the settling row's transaction.
 */
import { sql } from 'kysely';
import type { OrderStanding } from '@shop/rewards';
import { orderCashStanding } from '@shop/vouchers/refunds/order-refunded';

export const orderStanding: OrderStanding = async (trx, orderId) => {
  const order = (await sql<{ status: string }>`select status from orders.orders where id::text = ${orderId}`.execute(trx)).rows[0];
  if (!order) return null;
  const cash = await orderCashStanding(trx, orderId);
  return { paidPence: cash?.cashCaptured ?? 0, refundedPence: cash?.cashRefunded ?? 0, stands: order.status === 'PAID' };
};
