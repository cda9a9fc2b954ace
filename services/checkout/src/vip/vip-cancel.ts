/**
 * Cancelling a VIP membership (issue 18 point 5; UK DMCC Act 2024 subscription rules: cancel
 * online in as few steps as it took to join, and a refund when cancelled within 14 days of
 * joining or renewing). The membership never renews by itself, so there is nothing to stop
 * after the 14 days: it simply ends on its date and nothing more is charged.
 *
 * In two steps, like a voucher refund (services/vouchers refunds.ts):
 * 1. One transaction: the latest paid order that bought VIP for this shopper is locked; within
 *    its 14 days (London days, domain isVipRefundable) the year it bought is taken back at once
 *    (the users service's revokeVipMembership: an append-only 'revoked' event, once per order),
 *    the refund row is written (once per order: its primary key), the part the wallet paid goes
 *    back to the wallet first (a ledger posting), and the order gets a 'vip_cancelled' event.
 *    The confirmation email (the refund, and where each part goes) is queued in the order mail
 *    outbox in that same transaction (vipCancelledMail): it goes if and only if the cancel committed.
 * 2. After the commit, the card part goes to the provider with `vip-<order id>` as the
 *    idempotency key; an unknown answer (or a capture not settled yet) leaves it requested, and
 *    retryVipRefunds sends it again with the same key (never a second refund).
 */
import { isVipRefundable, vipRefundableUntil } from '@shop/domain/vip';
import { londonDateInWords } from '@shop/domain/london-time';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/domain/buying';
import { refundWalletCapture } from '@shop/wallet';
import { inOrders, type AnyDb } from '../db/database.ts';
import type { VipRefundTable } from '../db/tables.ts';
import { appendEvent, queueMail } from '../orders/orders.store.ts';
import { sendOrderMailSoon } from '../orders/place-order.ts';
import { vipCancelledMail, VIP_CANCELLED_MAIL } from './vip-mail.ts';
import { revokeVipMembership, vipValidUntil, type CheckoutDeps } from '../lib/deps.ts';

type VipRefundRow = Omit<VipRefundTable, 'attempts' | 'created_at' | 'updated_at'> & { attempts: number; created_at: Date; updated_at: Date };

type CancelVipOutcome =
  | { ok: true; refund: VipRefundRow; orderNumber: string }
  | { ok: false; code: 'VIP_NOT_A_MEMBER' | 'VIP_REFUND_WINDOW_CLOSED'; detail: string };

const isPaymentMethod = (method: string): method is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(method);

/** The latest paid order that bought VIP for this customer and whose year was not taken back. */
async function latestVipOrder(db: AnyDb, customerToken: string) {
  return inOrders(db)
    .selectFrom('orders')
    .select(['id', 'order_number', 'vip', 'cash_amount', 'wallet_used', 'paid_at', 'status'])
    .where('customer_token', '=', customerToken)
    .where('status', '=', 'PAID')
    .where('vip', '>', 0)
    // A year already cancelled has its refund row (one declined at settlement is PAYMENT_FAILED).
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('vip_refund').select('vip_refund.order_id').whereRef('vip_refund.order_id', '=', 'orders.id'))))
    .orderBy('paid_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** What cancelling would do now: refundable until when, or why not. Read only. */
export async function vipCancellation(deps: Pick<CheckoutDeps, 'db' | 'now'>, customerToken: string): Promise<{ orderNumber: string; paidAt: Date; refundableUntil: Date; refundable: boolean; amount: number } | null> {
  const order = await latestVipOrder(deps.db, customerToken);
  if (!order?.paid_at) return null;
  const paidAt = new Date(order.paid_at);
  return { orderNumber: order.order_number, paidAt, refundableUntil: vipRefundableUntil(paidAt), refundable: isVipRefundable(paidAt, deps.now()), amount: order.vip };
}

/** Step 1, and step 2 at once. */
export async function cancelVipMembership(deps: CheckoutDeps, customerToken: string): Promise<CancelVipOutcome> {
  const at = deps.now();
  const decided = await deps.db.transaction().execute(async (trx): Promise<CancelVipOutcome> => {
    const candidate = await latestVipOrder(trx, customerToken);
    if (!candidate?.paid_at) return { ok: false, code: 'VIP_NOT_A_MEMBER', detail: 'You have no VIP membership to cancel.' };
    // Two cancels at once: the second waits here, then finds the year taken back.
    const order = await inOrders(trx).selectFrom('orders').selectAll().where('id', '=', candidate.id).forUpdate().executeTakeFirstOrThrow();
    const paidAt = new Date(order.paid_at!);
    if (!isVipRefundable(paidAt, at)) {
      const until = await vipValidUntil(trx, customerToken);
      const ends = until ? ` It ends on ${londonDateInWords(until)}.` : '';
      return {
        ok: false,
        code: 'VIP_REFUND_WINDOW_CLOSED',
        detail: `Your VIP membership does not renew automatically, so there is nothing more to pay and nothing to cancel.${ends} It was paid more than 14 days ago (on ${londonDateInWords(paidAt)}), so it cannot be refunded.`,
      };
    }
    const revoked = await revokeVipMembership(trx, { orderRef: order.id, now: at, cancelled: true });
    if (!revoked.revoked) return { ok: false, code: 'VIP_NOT_A_MEMBER', detail: 'You have no VIP membership to cancel.' };
    // Both are the ways it was paid. The wallet part first: a voucher refund draws on the card
    // first (services/vouchers), so the two together never ask more of either than it captured.
    const wallet = Math.min(order.vip, order.wallet_used);
    const card = order.vip - wallet;
    const refund: VipRefundRow = {
      order_id: order.id,
      customer_token: customerToken,
      amount: order.vip,
      card_amount: card,
      wallet_amount: wallet,
      state: card > 0 ? 'requested' : 'completed',
      provider_reference: null,
      failure: null,
      attempts: 0,
      created_at: at,
      updated_at: at,
    };
    await inOrders(trx).insertInto('vip_refund').values(refund).execute();
    if (wallet > 0) await refundWalletCapture(trx, { holdRef: order.id, ref: `vip-refund:${order.id}`, amount: wallet, reason: `VIP membership cancelled within 14 days (order ${order.order_number})` });
    await appendEvent(trx, order.id, 'vip_cancelled', at, 'PAID', 'PAID', { refund: order.vip, card, wallet, validUntil: revoked.validUntil?.toISOString() ?? null });
    const mail = vipCancelledMail(deps.publicBaseUrl, { orderNumber: order.order_number, card, wallet, method: order.payment_method, stillMemberUntil: revoked.validUntil && revoked.validUntil.getTime() > at.getTime() ? revoked.validUntil : null });
    await queueMail(trx, { order_id: order.id, kind: VIP_CANCELLED_MAIL, to_address: order.email, subject: mail.subject, text_body: mail.text, html_body: null, created_at: at });
    return { ok: true, refund, orderNumber: order.order_number };
  });
  if (decided.ok) sendOrderMailSoon(deps); // the confirmation, now committed
  if (!decided.ok || decided.refund.state !== 'requested') return decided;
  return { ...decided, refund: await sendVipRefund(deps, decided.refund) };
}

/** Step 2: the card part to the provider, with `vip-<order id>` as the key; the refund as it now is. */
async function sendVipRefund(deps: CheckoutDeps, refund: VipRefundRow): Promise<VipRefundRow> {
  const at = deps.now();
  const payment = await inOrders(deps.db)
    .selectFrom('payment')
    .select(['method', 'transaction_id'])
    .where('order_id', '=', refund.order_id)
    .where('status', '=', 'captured')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const count = () => inOrders(deps.db).updateTable('vip_refund').set((eb) => ({ attempts: eb('attempts', '+', 1), updated_at: at })).where('order_id', '=', refund.order_id).where('state', '=', 'requested').execute();
  if (!deps.payments.refund || !payment || !isPaymentMethod(payment.method)) {
    await count();
    deps.log('[checkout] a VIP refund cannot be sent yet: no captured payment or no refund call', { orderId: refund.order_id });
    return (await vipRefundOf(deps.db, refund.order_id))!;
  }
  const outcome = await deps.payments
    .refund(payment.method, { transactionId: payment.transaction_id, orderRef: refund.order_id, amount: refund.card_amount, currency: 'GBP', idempotencyKey: `vip-${refund.order_id}`, reason: 'VIP membership cancelled within 14 days' })
    .catch((error: unknown) => {
      deps.log('[checkout] VIP refund call failed; retried later', { orderId: refund.order_id, error: error instanceof Error ? error.message : String(error) });
      return { status: 'unknown' as const };
    });
  const settle = (values: { state: 'completed' | 'failed'; provider_reference: string | null; failure: string | null }) =>
    inOrders(deps.db).updateTable('vip_refund').set({ ...values, updated_at: at }).where('order_id', '=', refund.order_id).where('state', '=', 'requested').execute();
  if (outcome.status === 'refunded') await settle({ state: 'completed', provider_reference: outcome.reference, failure: null });
  else if (outcome.status === 'refused' && outcome.code !== 'REFUND_NOT_SETTLED') {
    await settle({ state: 'failed', provider_reference: null, failure: `${outcome.code}: ${outcome.message}` });
    deps.log('[checkout] the provider refused a VIP refund: a person must pay it back', { orderId: refund.order_id, amount: refund.card_amount, code: outcome.code });
  } else await count();
  return (await vipRefundOf(deps.db, refund.order_id))!;
}

async function vipRefundOf(db: AnyDb, orderId: string): Promise<VipRefundRow | undefined> {
  return inOrders(db).selectFrom('vip_refund').selectAll().where('order_id', '=', orderId).executeTakeFirst() as Promise<VipRefundRow | undefined>;
}

export const RETRY_VIP_REFUNDS_EVERY_MS = 60_000;

/** The job: every VIP refund still requested (its answer lost, or the capture not settled yet) is sent again with its own key. */
export async function retryVipRefunds(deps: CheckoutDeps, limit = 100): Promise<number> {
  const waiting = (await inOrders(deps.db).selectFrom('vip_refund').selectAll().where('state', '=', 'requested').orderBy('updated_at').limit(limit).execute()) as VipRefundRow[];
  let completed = 0;
  for (const refund of waiting) if ((await sendVipRefund(deps, refund)).state === 'completed') completed++;
  return completed;
}
