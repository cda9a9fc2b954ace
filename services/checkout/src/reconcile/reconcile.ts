/**
 * Reconciliation of orders left PENDING (README step 6): a provider that did not answer in time,
 * or a process that died between the charge and the paying transaction. Our own durable record
 * of the charge (payment.charge) is read first and wins; without one the provider is asked by our
 * reference (the order id). The rule (reconcileAction, issue 14.1):
 * - a capture (ours or the provider's) → PAID with its vouchers, in one transaction as the normal
 *   path; when the order can no longer be fulfilled (its held units are gone) the capture is given
 *   back at the provider (void or refund, recorded in payment.reversal) and only then is the
 *   order FAILED; never FAILED while the money is kept;
 * - a decline → FAILED;
 * - a provider that never saw the charge → FAILED once `abandonAfterMs` has passed (the charge can
 *   no longer arrive: the adapters give up at their deadline), releasing everything;
 * - anything else (no answer, held for review, a give-back not confirmed) → still PENDING.
 */
import { BUYING_MESSAGES, type PaymentMethod } from '@shop/domain/buying';
import { StockError } from '@shop/deals/stock/index';
import { pendingOrders } from './reconcile.store.ts';
import { jobDeps, type JobDeps } from '../lib/deps.ts';
import { deliverOrderMail, finishFailed, finishPaid } from '../orders/orders.ts';

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
  /** Captures given back (void or refund) because the order could not be fulfilled; their orders are counted in `failed` too. */
  reversed: number;
  stillPending: number;
}

export type ReconcileAction = 'pay' | 'reverse-then-fail' | 'fail' | 'wait';

/**
 * The rule, on what is known of one PENDING order: the charge's status (our record first, else
 * the provider's answer), whether the order can still be fulfilled, whether it is past the
 * abandon delay.
 */
export function reconcileAction(charge: 'succeeded' | 'declined' | 'none' | 'unknown', order: { fulfillable: boolean; abandoned: boolean }): ReconcileAction {
  if (charge === 'succeeded') return order.fulfillable ? 'pay' : 'reverse-then-fail';
  if (charge === 'declined') return 'fail';
  if (charge === 'none' && order.abandoned) return 'fail';
  return 'wait';
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
  const pending = await pendingOrders(deps.db, olderThan, options.limit ?? 200);
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0, reversed: 0, stillPending: 0 };
  for (const order of pending) {
    report.checked++;
    try {
      if (order.cash_amount === 0) {
        // Wallet pays all: nothing to ask anyone; the wallet hold is in place.
        if (await finishPaid(deps, order.id, null)) report.paid++;
        continue;
      }
      const method = order.payment_method as PaymentMethod;
      const found = await deps.payments.lookup(method, order.id);
      const abandoned = now.getTime() - new Date(order.created_at).getTime() >= (options.abandonAfterMs ?? RECONCILE_ABANDON_AFTER_MS);
      let action = reconcileAction(found.status, { fulfillable: true, abandoned });
      if (action === 'pay' && found.status === 'succeeded') {
        try {
          if (await finishPaid(deps, order.id, found)) report.paid++;
          continue;
        } catch (err) {
          // The held units are gone (released, sold to someone else): it cannot be fulfilled.
          if (!(err instanceof StockError)) throw err;
          action = reconcileAction(found.status, { fulfillable: false, abandoned });
        }
      }
      if (action === 'reverse-then-fail' && found.status === 'succeeded') {
        const back = deps.payments.reverse
          ? await deps.payments.reverse(method, order.id, found.transactionId, 'order could not be fulfilled after the charge (stock no longer held)')
          : { status: 'unknown' };
        if (back.status !== 'reversed') {
          report.stillPending++;
          deps.log('[checkout] a captured charge of an order that cannot be fulfilled is not given back yet: the order stays pending', { orderId: order.id, transactionId: found.transactionId });
          continue;
        }
        if (await finishFailed(deps, order.id, { code: 'PAYMENT_FAILED', message: BUYING_MESSAGES.paymentProblem, retryable: true })) {
          report.failed++;
          report.reversed++;
        }
      } else if (action === 'fail' && found.status === 'declined') {
        if (await finishFailed(deps, order.id, found)) report.failed++;
      } else if (action === 'fail') {
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
