/**
 * The vouchers service (README.md is the contract): a holder's vouchers and their history, and
 * merchants' redemptions. The checkout issues vouchers through the module functions of
 * issue/issue.ts inside its paying transaction. The shop mounts it under /api/vouchers; the
 * gateway calls `app.fetch` on paths without that prefix.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { createServiceApp } from '@shop/platform';
import type { AnyDb } from './db/database.ts';
import type { VoucherPayments, VouchersDeps } from './lib/deps.ts';
import { registerCreditRoutes } from './credit/credit.handlers.ts';
import { registerInstructionsRoutes } from './instructions/instructions.handlers.ts';
import { registerPrintRoutes } from './print/print.handlers.ts';
import { linkKeyFrom } from './print/redemption-link.ts';
import { registerRedemptionRoutes } from './redemption/redemption.handlers.ts';
import { registerRefundRoutes } from './refunds/refunds.handlers.ts';
import { registerGiftRoutes } from './gifts/gifts.handlers.ts';
import type { Mailer } from '@shop/platform';
import { registerReturnRoutes } from './returns/returns.handlers.ts';
import { registerVoucherRoutes } from './vouchers/vouchers.handlers.ts';
import { registerExtensionRoutes } from './extension/extension.handlers.ts';
import { registerReminderRoutes } from './reminders/reminders.handlers.ts';
import { registerExpiryRoutes } from './expiry/expiry.handlers.ts';
import { registerBookingRoutes } from './bookings/bookings.handlers.ts';
import { registerPostingRoutes } from './posting/posting.handlers.ts';
import { registerSalesRoutes } from './sales/sales.handlers.ts';
import { registerPayoutRoutes } from './payouts/payouts.handlers.ts';

export const VOUCHERS_BASE_PATH = '/api/vouchers';

export interface VouchersAppOptions {
  db: AnyDb;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/vouchers). */
  basePath?: string;
  /** The clock (tests fix it). */
  now?: () => Date;
  /** The shop's public origin, for the links printed vouchers carry (default http://localhost:4000). */
  publicBaseUrl?: string;
  /** The secret redemption links are signed with a key derived from (default: the service token). */
  linkSecret?: string;
  /** Cash refunds to the original payment method (the payment service's refund). */
  payments?: VoucherPayments;
  /** Sends a holder's gift mail (gifts/). */
  mailer?: Mailer;
  /** The holders' emails (the users service's accounts), for the expiry reminders; with the mailer, POST /reminders/run is served. */
  holderEmails?: (customerTokens: string[], within: AnyDb) => Promise<Map<string, string>>;
  /**
   * Whether POST /reminders/run accepts `asOf` (a later instant to run "as of"): only in test shops
   * (the e2e journey cannot wait for a voucher to near its expiry). Run early against real
   * customers it would send "expires tomorrow" months ahead and use up the real reminder. The same
   * for POST /expiry/run's `asOf` (it would expire vouchers still in date).
   */
  remindersAhead?: boolean;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** The app, and its deps for the jobs the shop runs (retryRefunds). */
export function createVouchersApp(options: VouchersAppOptions): OpenAPIHono & { deps: VouchersDeps } {
  const deps: VouchersDeps = {
    db: options.db,
    now: options.now ?? (() => new Date()),
    publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:4000',
    linkKey: linkKeyFrom(options.linkSecret ?? options.serviceToken),
    payments: options.payments ?? null,
    log: options.log ?? (() => undefined),
    mailer: options.mailer ?? null,
  };
  const app = createServiceApp({
    title: 'Vouchers service',
    version: '1.0.0',
    description:
      'Every voucher from its issue to its redemption, refund, return or expiry, with the history of each change (spec §3 voucher statuses, §7 vouchers calls, §9). ' +
      'Money is integer pence.',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? VOUCHERS_BASE_PATH,
    // A redemption file of 10,000 codes is ~250 kB of JSON.
    bodyLimitBytes: 1024 * 1024,
    tags: [
      { name: 'Vouchers', description: "A holder's vouchers (My Vouchers), one voucher with its history, and its printable PDF." },
      { name: 'Redemption', description: 'Merchants redeem vouchers of their own deals by code, by the link of their QR code or by a file of codes, undo a redemption within 15 minutes, and read their attempts log.' },
      { name: 'Refunds', description: 'Refunds of unredeemed vouchers within 14 days (spec §9).' },
      { name: 'Reminders', description: 'Expiry reminders 30, 7 and 1 days before a voucher expires, with its extension and refund links.' },
      { name: 'Gifts', description: 'Gift claim links: a holder gifts a voucher, the recipient previews and claims it (spec §7 /gift/create, /deal/gift-redeem).' },
      { name: 'Sales', description: "A merchant's units sold, redeemed, refunded and expired per option and London day (the dashboard)." },
      { name: 'Payouts', description: "A business's payout statements per London week or month: redeemed and sent vouchers at their paid value, less commission, less clawbacks; as JSON, CSV and PDF." },
      { name: 'Returns', description: 'Returns of posted goods: the return, its label (data and PDF), and the carrier\'s and merchant\'s steps up to the refund.' },
      { name: 'Bookings', description: "Bookings against a bookable deal's capacity (issue 17 point 4): the merchant's weekly places and date exceptions, a shopper's booking of a day (moved or cancelled within the merchant's rule), the merchant's list and confirmation, and the sales pause." },
      { name: 'Posting', description: "Goods sent by post: the merchant's orders to post with their delivery address, marking them sent with a tracking reference, and returns received." },
    ],
    ...(options.log ? { log: options.log } : {}),
  });
  // Before /voucher/{voucherId}, which would take /voucher/vve for an id.
  registerExtensionRoutes(app, deps);
  registerVoucherRoutes(app, deps);
  if (deps.mailer && options.holderEmails) registerReminderRoutes(app, deps, { mailer: deps.mailer, holderEmails: options.holderEmails }, options.remindersAhead ?? false);
  registerExpiryRoutes(app, deps, options.remindersAhead ?? false);
  registerRedemptionRoutes(app, deps);
  registerPrintRoutes(app, deps);
  registerInstructionsRoutes(app);
  registerRefundRoutes(app, deps);
  registerGiftRoutes(app, deps);
  registerReturnRoutes(app, deps);
  registerCreditRoutes(app, deps);
  registerBookingRoutes(app, deps);
  registerPostingRoutes(app, deps);
  registerSalesRoutes(app, deps);
  registerPayoutRoutes(app, deps);
  return Object.assign(app, { deps });
}

export type VouchersApp = ReturnType<typeof createVouchersApp>;
