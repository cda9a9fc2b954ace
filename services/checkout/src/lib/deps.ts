/**
 * What this service takes from the other buying services (README "Module functions"): the one
 * place those imports live, so the rest of the code names them once.
 */
import { logFunction } from '@shop/platform';
import pLimit from 'p-limit';
import type { Mailer } from '@shop/platform';
import type { Kysely } from 'kysely';
import type { ChargeRequest, ChargeResult, LookupResult, RefundRequest, RefundResult } from '@shop/payment/contract';
import type { SavedInstrument } from '@shop/payment/instruments';
import { HOLD_COOL_DOWN_S, HOLD_TOTAL_LIMIT_S, type PaymentMethod } from '@shop/domain/buying';

export {
  holdUnits,
  getHold,
  pinHold,
  pinCoveringHold,
  unpinHold,
  sellHeld,
  releaseHold,
  releaseExpiredHold,
  trimHold,
  getHoldWindow,
  countPurchase,
  uncountPurchase,
  stockView,
  type HoldItem,
  type HoldRefusal,
  type HoldWindow,
  type StockLine,
} from '@shop/deals/stock/index';
export { recordPurchase } from '@shop/deals';
export {
  issueVouchers,
  newVouchers,
  recordOrderPayment,
  sharesOf,
  vouchersOfOrder,
  firstVouchersOfProduct,
  lockRedeemableVouchers,
  redeemableVouchers,
  targetVoucherExtension,
  extensionTargets,
  extendVoucher,
  insertVoucherExtensions,
  cancelRedeemableVouchers,
  vouchersNotIn,
  takeBackExtensions,
  type VoucherRow,
} from '@shop/vouchers/issue/issue';
export { voucherView } from '@shop/vouchers/vouchers/voucher-view';
// Issue 17 point 4: a bookable deal's sales pause, decided in the placing transaction.
export { claimBookableCapacity } from '@shop/vouchers/bookings/bookings';
export { createOrderGifts, giftClaimLink } from '@shop/vouchers/gifts/gifts';
export { markGiftCardOrderSent, postedGiftCardLists, recordOrderDelivery, recordPostedLines } from '@shop/vouchers/posting/posting';
// Issue 18 point 6: a paid order's loyalty points, recorded pending in the paying transaction.
export { recordOrderPoints } from '@shop/rewards';

export type { ChargeRequest, ChargeResult, LookupResult };

/** The part of `createPayments(...)` (services/payment) the checkout uses. */
export interface CheckoutPayments {
  charge(req: ChargeRequest): Promise<ChargeResult>;
  lookup(method: PaymentMethod, orderRef: string): Promise<LookupResult>;
  instruments?(customerToken: string): Promise<SavedInstrument[]>;
  /** Gives a capture back (void, else refund) with a record; 'reversed' once done. */
  reverse?(method: PaymentMethod, orderRef: string, transactionId: string, reason: string): Promise<{ status: string }>;
  /** Gives back part of a capture, once per idempotency key (issue 18: a VIP membership cancelled within 14 days). */
  refund?(method: PaymentMethod, req: RefundRequest): Promise<RefundResult>;
}

export type { Mailer };

/** Named points where a test build throws (C1-lite): see README "Fault points". */
export const FAULT_POINTS = [
  'after-idem-claim',
  'after-reserve',
  'after-provider-request-sent',
  'after-provider-success-before-commit',
  'after-commit-before-response',
  'mid-voucher-issue',
  'after-outbox-insert',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

export class InjectedFault extends Error {
  readonly point: FaultPoint;
  constructor(point: FaultPoint) {
    super(`Injected fault at ${point}`);
    this.point = point;
    this.name = 'InjectedFault';
  }
}

/** Order mail: a sender's claim on a message lasts this long (far beyond an SMTP hand-over's 40 s of timeouts). */
export const MAIL_LEASE_MS = 5 * 60 * 1000;

/**
 * A hand-over the mail relay refused is tried again after 5 s, doubling to at most 10 minutes
 * between tries, and given up a day after the order (reliability C4: a relay down for a minute
 * or an hour loses nothing; the order's own page still shows the vouchers).
 */
export const MAIL_RETRY_FIRST_MS = 5_000;
export const MAIL_RETRY_MAX_MS = 10 * 60 * 1000;
export const MAIL_GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** When a message whose `attempts`-th hand-over failed is next tried. */
export function mailRetryAt(now: Date, attempts: number): Date {
  const wait = Math.min(MAIL_RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(attempts - 1, 20)), MAIL_RETRY_MAX_MS);
  return new Date(now.getTime() + wait);
}

/**
 * Units one client address may hold at once, over every basket it opens (reliability M4): a bot
 * cannot take a deal off sale by holding it in basket after basket. Generous for one household or
 * office behind one address; the purchase limits still apply per shopper.
 */
export const HOLD_LIMIT_PER_ADDRESS = 30;

/** Issue 14: a basket holds units for at most HOLD_TOTAL_LIMIT_S from its first hold, then waits HOLD_COOL_DOWN_S. */
export const HOLD_WINDOW = { totalMs: HOLD_TOTAL_LIMIT_S * 1000, coolDownMs: HOLD_COOL_DOWN_S * 1000 } as const;

/**
 * What the shopper is told of the basket's holding window: `limitReached` when the hold (running
 * or just ended) is the last this window allows, `againAt` when the basket may hold again.
 */
export function holdWindowState(w: { startedAt: Date; heldUntil: Date } | null, now: Date): { limitReached: boolean; againAt: Date | null } {
  if (!w || w.heldUntil.getTime() + HOLD_WINDOW.coolDownMs <= now.getTime()) return { limitReached: false, againAt: null };
  const reached = w.heldUntil.getTime() >= w.startedAt.getTime() + HOLD_WINDOW.totalMs;
  return { limitReached: reached, againAt: reached ? new Date(w.heldUntil.getTime() + HOLD_WINDOW.coolDownMs) : null };
}

/** The hold's holder and limit when the shopper's address is known (reliability M4). */
export function holderOf(deps: Pick<CheckoutDeps, 'holdLimitPerAddress'>, clientAddress: string | null | undefined): { holder?: string; holderLimit?: number } {
  return clientAddress ? { holder: `a:${clientAddress}`, holderLimit: deps.holdLimitPerAddress } : {};
}

export type Logger = (message: string, fields: Record<string, unknown>) => void;

export interface CheckoutDeps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic handle (every service's tables)
  db: Kysely<any>;
  payments: CheckoutPayments;
  mailer: Mailer;
  publicBaseUrl: string;
  now: () => Date;
  log: Logger;
  faultPoint: FaultPoint | null;
  /** At the fault point, SIGKILL this process instead of throwing (FAULT_KILL=1, the kill -9 harness of reliability C1). */
  faultKill?: boolean;
  /** Idempotency: how long an in-flight claim without an order blocks a retry (a crash before the order was written). */
  claimLeaseMs: number;
  /** Idempotency: how long a finished answer is replayed; afterwards the key is new again. */
  keyRetentionMs: number;
  /** Order mail: how long a sender's claim on a message lasts; a sender that died is replaced after it. */
  mailLeaseMs: number;
  /** Units one client address may hold at once over all its baskets (reliability M4: denial of inventory). */
  holdLimitPerAddress: number;
  /**
   * Runs an order's deciding steps (its model read, refusals, the order written and its units
   * held) at most PLACING_CONCURRENCY at a time in this process, first come first served; the
   * charge and what follows run outside it. In a rush for the last units (bench L1) every order
   * otherwise reads the stock at once and all of them queue together on its row; a few at a time,
   * the first ones hold the units and the rest are refused early, without their order written
   * (place-order.ts refuseWhatIsGone). The database still decides every sale.
   */
  placing: <T>(work: () => Promise<T>) => Promise<T>;
  background: Background;
}

/** Orders deciding at once in one process (deps.placing); two cores gain nothing from more. */
export const PLACING_CONCURRENCY = 4;

export interface Background {
  run(name: string, work: () => Promise<unknown>): void;
  settled(): Promise<void>;
}

export function createBackground(log: Logger): Background {
  const running = new Set<Promise<unknown>>();
  return {
    run(name, work) {
      const p = work()
        .catch((err: unknown) => log(`[checkout] background ${name} failed`, { error: err instanceof Error ? err.message : String(err) }))
        .finally(() => running.delete(p));
      running.add(p);
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

/**
 * At the configured fault point: throw (the request dies with a 500, nothing cleaned up), or with
 * faultKill (FAULT_KILL=1, test builds) SIGKILL this process right there, mid-transaction if it is in one.
 */
export function fault(deps: Pick<CheckoutDeps, 'faultPoint' | 'faultKill'>, point: FaultPoint): void {
  if (deps.faultPoint !== point) return;
  if (deps.faultKill) process.kill(process.pid, 'SIGKILL');
  throw new InjectedFault(point);
}

export { getBasket, removeLines, insertExpressBasket, newBasketToken } from '@shop/basket';
export { walletBalances, holdWalletCredit, captureWalletCredit, releaseWalletCredit } from '@shop/wallet';
export { grantVipMembership, revokeVipMembership, vipMembershipsEnding, vipValidUntil } from '@shop/users/vip/membership';
export { qualifyReferral } from '@shop/users/referrals/referrals.store';
export { instrumentFingerprints } from '@shop/payment/fingerprints';
export { firstNameOfCustomer } from '@shop/users/store/holder-emails';

/** What the jobs need at the least; the rest has the app's defaults. */
export type JobDeps = Pick<CheckoutDeps, 'db' | 'payments' | 'mailer'> & Partial<Omit<CheckoutDeps, 'db' | 'payments' | 'mailer'>>;

export function jobDeps(partial: JobDeps): CheckoutDeps {
  const log: Logger = partial.log ?? logFunction();
  return {
    publicBaseUrl: 'http://localhost',
    now: () => new Date(),
    faultPoint: null,
    claimLeaseMs: 60_000,
    keyRetentionMs: 24 * 60 * 60 * 1000,
    mailLeaseMs: MAIL_LEASE_MS,
    holdLimitPerAddress: HOLD_LIMIT_PER_ADDRESS,
    placing: pLimit(PLACING_CONCURRENCY),
    background: createBackground(log),
    ...partial,
    log,
  };
}
