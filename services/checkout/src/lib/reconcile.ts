/**
 * Reconciliation of orders left PENDING (README step 6): a provider that did not answer in time,
 * or a process that died between the charge and the paying transaction. The provider is asked by
 * our reference (the order id); a charge it has becomes a PAID order, a decline a FAILED one. A
 * provider that never saw the charge fails the order once `abandonAfterMs` has passed (the
 * charge can no longer arrive: the adapters give up at their deadline), releasing everything.
 */
import { BUYING_MESSAGES, type PaymentMethod } from '@shop/domain/buying';
import { inOrders } from '../db/database.ts';
import { jobDeps, type JobDeps } from './deps.ts';
import { deliverOrderMail, finishFailed, finishPaid } from './orders.ts';

export interface ReconcileOptions {
  /** Only orders at least this old (default 0: every pending order). */
  minAgeMs?: number;
  /** A charge the provider never saw fails the order after this long (default 10 minutes). */
  abandonAfterMs?: number;
  limit?: number;
}

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  stillPending: number;
}

export const RECONCILE_ABANDON_AFTER_MS = 10 * 60 * 1000;

/**
 * The job (every 30 s in the shop, and POST /checkout/reconcile): `{ db, payments, mailer }` and
 * optionally `publicBaseUrl` (links in the confirmation mail), `now`, `log`.
 */
export async function reconcilePendingOrders(partial: JobDeps, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const deps = jobDeps(partial);
  const now = deps.now();
  const olderThan = new Date(now.getTime() - (options.minAgeMs ?? 0));
  const pending = await inOrders(deps.db)
    .selectFrom('orders')
    .select(['id', 'cash_amount', 'payment_method', 'created_at'])
    .where('status', '=', 'PENDING')
    .where('created_at', '<=', olderThan)
    .orderBy('created_at')
    .limit(options.limit ?? 200)
    .execute();
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0, stillPending: 0 };
  for (const order of pending) {
    report.checked++;
    try {
      if (order.cash_amount === 0) {
        // Wallet pays all: nothing to ask anyone; the wallet hold is in place.
        if (await finishPaid(deps, order.id, null)) report.paid++;
        continue;
      }
      const found = await deps.payments.lookup(order.payment_method as PaymentMethod, order.id);
      if (found.status === 'succeeded') {
        if (await finishPaid(deps, order.id, found)) report.paid++;
      } else if (found.status === 'declined') {
        if (await finishFailed(deps, order.id, found)) report.failed++;
      } else if (found.status === 'none' && now.getTime() - new Date(order.created_at).getTime() >= (options.abandonAfterMs ?? RECONCILE_ABANDON_AFTER_MS)) {
        if (await finishFailed(deps, order.id, { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.paymentProblem, retryable: true })) report.failed++;
      } else {
        report.stillPending++;
      }
    } catch (err) {
      report.stillPending++;
      deps.log('[checkout] reconcile failed for an order', { orderId: order.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  await deliverOrderMail(deps);
  return report;
}
