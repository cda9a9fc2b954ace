/**
 * Refer a friend, the settle job (issue 18 point 4; rules in domain/src/referrals.ts). A referral
 * is PENDING from its referee's first paid order (orders.ts finishPaid: qualifyReferral) until the
 * end of that order's refund window. Then, one referral per transaction: the referral locked
 * (users module function, SKIP LOCKED), the order's refunds read (vouchers module function), and
 * either £10 wallet credit (bucket marketing, 12 months) each to the referee and the referrer with
 * the referral CREDITED, or VOID with nothing for a refunded order (or one whose payment was
 * declined at settlement). The credits' refs are
 * `raf:<referral>:referee` and `raf:<referral>:referrer` (the ledger's unique ref), and the state
 * change is conditional, so a run killed mid-way (its transaction rolled back) or two runs at once
 * pay each side once (reliability M8, C5).
 */
import { sql } from 'kysely';
import { londonExpiry } from '@shop/domain/london-time';
import { REFERRAL_CREDIT_VALID_MONTHS, settleDecision } from '@shop/domain/referrals';
import { creditWallet, openWalletAccounts } from '@shop/wallet';
import { orderRefunded } from '@shop/vouchers/refunds/order-refunded';
import { dueReferrals, lockDueReferral, referralCustomerTokens, settleReferral } from '@shop/users/referrals/referrals.store';
import type { AnyDb } from '../db/database.ts';

const REFERRAL_SETTLE_BATCH = 100;
/** The shop runs it every 15 minutes under its lease (gateway/src/server.ts). */
export const SETTLE_REFERRALS_EVERY_MS = 15 * 60 * 1000;

interface SettleReport {
  credited: number;
  voided: number;
}

interface SettleOptions {
  now: Date;
  limit?: number;
  /** Tests only (C5): called inside each referral's transaction after the first credit; throwing rolls it back. */
  afterFirstCredit?: (referralId: string) => void;
}

export async function settleReferrals(db: AnyDb, options: SettleOptions): Promise<SettleReport> {
  const { now } = options;
  const report: SettleReport = { credited: 0, voided: 0 };
  for (const id of await dueReferrals(db, now, options.limit ?? REFERRAL_SETTLE_BATCH)) {
    // Both sides' wallet accounts exist before the transaction that credits both (see openWalletAccounts).
    await openWalletAccounts(db as never, await referralCustomerTokens(db, id), 'GBP');
    await db.transaction().execute(async (trx) => {
      const referral = await lockDueReferral(trx, id, now);
      if (!referral) return;
      // A payment declined at settlement (the order no longer PAID) counts as money given back, as a refund does.
      const order = (await sql<{ status: string }>`select status from orders.orders where id = ${referral.orderRef}`.execute(trx)).rows[0];
      const refunded = order?.status !== 'PAID' || (await orderRefunded(trx, referral.orderRef));
      const decision = settleDecision({ dueAt: referral.dueAt, refunded, now });
      if (decision.settle === 'WAIT') return;
      const paid = await settleReferral(trx, { referral, outcome: decision.settle, now });
      const expiresAt = londonExpiry(now, REFERRAL_CREDIT_VALID_MONTHS);
      if (paid.refereeCredit > 0) {
        await creditWallet(trx, { customerToken: referral.refereeToken, currency: 'GBP', amount: paid.refereeCredit, bucket: 'marketing', reason: 'Refer a friend: welcome credit', ref: `raf:${referral.id}:referee`, expiresAt });
        options.afterFirstCredit?.(referral.id);
      }
      if (paid.referrerCredit > 0) {
        await creditWallet(trx, { customerToken: referral.referrerToken, currency: 'GBP', amount: paid.referrerCredit, bucket: 'marketing', reason: 'Refer a friend: a friend you referred', ref: `raf:${referral.id}:referrer`, expiresAt });
      }
      if (decision.settle === 'CREDIT') report.credited++;
      else report.voided++;
    });
  }
  return report;
}
