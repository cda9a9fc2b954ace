/**
 * The expiry job (issue 16 point 2): vouchers still Ready to Redeem or Booked whose validity has
 * passed become Expired, each with its event. Idempotent and crash safe: each batch is one
 * transaction whose guard (expires_at <= now, checked under the row's lock) a voucher passes once,
 * so a run killed half-way leaves the rest for the next run and never expires a voucher twice; a
 * voucher another transaction holds (a refund, a redemption) is skipped and seen next time.
 */
import type { AnyDb } from '../db/database.ts';
import { moveVouchers } from '../transitions/transitions.store.ts';

export const EXPIRE_BATCH = 500;
export const EXPIRE_EVERY_MS = 15 * 60 * 1000;

/** Where the C5 test kills the job: inside a batch's transaction, or just after its commit. */
export type ExpiryFaultPoint = 'before-commit' | 'after-commit';

/**
 * Expires every voucher due at `now`; how many. `fault`: the C5 test's kill points (never set in
 * the shop). `holder`: only that customer's vouchers (an operator's run for one shopper).
 */
export async function expireVouchers(db: AnyDb, now: Date, batch = EXPIRE_BATCH, fault?: (point: ExpiryFaultPoint) => void, holder?: string): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction().execute(async (trx) => {
      const rows = await moveVouchers(trx, { batch }, { event: 'expire', actor: 'system', reason: 'The expiry date passed', at: now, ...(holder === undefined ? {} : { holder }) });
      fault?.('before-commit');
      return rows;
    });
    fault?.('after-commit');
    total += moved.length;
    if (moved.length < batch) return total;
  }
}
