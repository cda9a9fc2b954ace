/**
 * The checkout service (README.md is the contract): the checkout view and its hold, options,
 * gifting config, orders paid through the payment service, vouchers, express buy, promo codes,
 * reconciliation and the VVE add-on. The shop mounts it under /api/checkout.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { createServiceApp, logFunction, type Mailer } from '@shop/platform';
import type { AnyDb } from './db/database.ts';
import pLimit from 'p-limit';
import { createBackground, FAULT_POINTS, HOLD_LIMIT_PER_ADDRESS, MAIL_LEASE_MS, PLACING_CONCURRENCY, type CheckoutDeps, type CheckoutPayments, type FaultPoint, type Logger } from './lib/deps.ts';
import type { ReconcileOptions } from './reconcile/reconcile.ts';
import { registerCheckoutRoutes } from './checkout/checkout.handlers.ts';
import { registerOrdersRoutes } from './orders/orders.handlers.ts';
import { registerGiftCardRoutes } from './giftcards/giftcards.handlers.ts';
import { registerPromoRoutes } from './promo/promo.handlers.ts';
import { registerReconcileRoutes } from './reconcile/reconcile.handlers.ts';
import { registerVipRoutes } from './vip/vip.handlers.ts';
import { registerReferralRoutes } from './referrals/referrals.handlers.ts';
import { registerOrderMailRoutes } from './order-mail/order-mail.handlers.ts';

export const CHECKOUT_BASE_PATH = '/api/checkout';

export interface CheckoutAppOptions {
  db: AnyDb;
  serviceToken: string;
  basePath?: string;
  /** `createPayments(...)` of services/payment. */
  payments: CheckoutPayments;
  /** Order confirmation mail goes out through it (platform createMailer). */
  mailer: Mailer;
  publicBaseUrl: string;
  clock?: () => Date;
  log?: Logger;
  /** Test builds only: throw at this named point (C1-lite; server.ts: FAULT_POINT). */
  faultPoint?: FaultPoint | null;
  /** Test builds only: at the fault point, SIGKILL the process instead (server.ts: FAULT_KILL=1). */
  faultKill?: boolean;
  claimLeaseMs?: number;
  keyRetentionMs?: number;
  /** Order mail: how long a sender's claim on a message lasts (default 5 minutes). */
  mailLeaseMs?: number;
  /** Units one client address may hold at once over all its baskets (default HOLD_LIMIT_PER_ADDRESS, reliability M4). */
  holdLimitPerAddress?: number;
  /** Orders deciding at once (default PLACING_CONCURRENCY; deps.placing). */
  placingConcurrency?: number;
  /** Options of POST /checkout/reconcile (tests pass abandonAfterMs). */
  reconcile?: ReconcileOptions;
  /** Test shops only: POST /referrals/settle accepts asOf (the e2e runs the referral job past the refund window). */
  referralsAhead?: boolean;
  /** Test shops only: POST /order-mail/deliver accepts asOf (the e2e sees a dated e-gift go out). */
  mailAhead?: boolean;
}

export type CheckoutApp = OpenAPIHono & { deps: CheckoutDeps; settled(): Promise<void> };

export function createCheckoutApp(options: CheckoutAppOptions): CheckoutApp {
  const log: Logger = options.log ?? logFunction();
  if (!/^https?:\/\/[^/?#@\s]+(\/[^?#\s]*)?$/.test(options.publicBaseUrl)) throw new Error('createCheckoutApp: publicBaseUrl must be an absolute http(s) URL');
  const faultPoint = options.faultPoint ?? null;
  if (faultPoint && !FAULT_POINTS.includes(faultPoint)) throw new Error(`Unknown fault point ${faultPoint}`);
  const deps: CheckoutDeps = {
    db: options.db,
    payments: options.payments,
    mailer: options.mailer,
    publicBaseUrl: options.publicBaseUrl,
    now: options.clock ?? (() => new Date()),
    log,
    faultPoint,
    faultKill: options.faultKill ?? false,
    claimLeaseMs: options.claimLeaseMs ?? 60_000,
    keyRetentionMs: options.keyRetentionMs ?? 24 * 60 * 60 * 1000,
    mailLeaseMs: options.mailLeaseMs ?? MAIL_LEASE_MS,
    holdLimitPerAddress: options.holdLimitPerAddress ?? HOLD_LIMIT_PER_ADDRESS,
    placing: pLimit(options.placingConcurrency ?? PLACING_CONCURRENCY),
    background: createBackground(log),
  };
  const app = createServiceApp({
    // A validation 400 says the domain's words (the gateway may show them).
    fieldNaming: { detail: ERROR_MESSAGES.VALIDATION_FAILED },
    title: 'Checkout service',
    version: '1.0.0',
    description:
      'The checkout view with the hold behind its countdown, promo codes, gifting config, orders paid through the payment service with idempotency keys, vouchers, express buy, reconciliation and the voucher validity extension (spec §3, §4, §5, §7, §8). Money is integer pence.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? CHECKOUT_BASE_PATH,
    tags: [
      { name: 'Checkout', description: 'The checkout of a basket: figures, hold and countdown, options.' },
      { name: 'Orders', description: 'Placing, reading and reconciling orders; the VVE add-on.' },
      { name: 'Promotions', description: 'Promo codes and express buy.' },
      { name: 'Gift cards', description: 'Gift cards redeemed for wallet credit (each try a code guess counted with the promo codes).' },
    ],
    log,
  });

  registerCheckoutRoutes(app, deps);
  registerOrdersRoutes(app, deps);
  registerPromoRoutes(app, deps);
  registerGiftCardRoutes(app, deps);
  registerReconcileRoutes(app, deps, options.reconcile);
  registerVipRoutes(app, deps);
  registerReferralRoutes(app, deps, options.referralsAhead ?? false);
  registerOrderMailRoutes(app, deps, options.mailAhead ?? false);

  return Object.assign(app, { deps, settled: () => deps.background.settled() });
}

