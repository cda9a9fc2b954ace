/**
 * A fresh, migrated vouchers database, its app on a clock the test moves, and vouchers issued as
 * the checkout issues them (the module function, in a transaction), for tests (not a test file).
 */
import { randomUUID } from 'node:crypto';
import { SERVICE_TOKEN_HEADER, type Database } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { TEST_TOKEN, type LoggedLine } from '@shop/platform/test-app';
import { createVouchersApp } from '../app.ts';
import { migrateVouchers } from '../db/database.ts';
import { captureWalletCredit, creditWallet, holdWalletCredit, migrateWallet } from '@shop/wallet';
import { issueVouchers, newVouchers, recordOrderPayment, type VoucherRow } from '../issue/issue.ts';
import type { VoucherPayments } from '../lib/deps.ts';

export const ALICE = 'ct-alice-00000001';
export const BOB = 'ct-bob-0000000002';
/** The merchant of deal 7 (Alice's and Bob's spa day); deal 8 is another merchant's. */
export const MERCHANT_DEALS = [7];

export interface VouchersFixture {
  database: Database;
  app: ReturnType<typeof createVouchersApp>;
  logged: LoggedLine[];
  /** The app's clock. */
  clock: { now: Date };
  call(method: string, path: string, body?: unknown): Promise<Response>;
  /**
   * Issues `quantity` vouchers of one paid order line to `holder` (null: a guest's order), with the
   * order's payment as the checkout records it: by card (`transactionId`, default a made-up one
   * with no provider behind it) and, when `wallet` is given, that much wallet credit held and
   * captured for the order first.
   */
  issue(
    holder: string | null,
    quantity: number,
    options?: { dealId?: number; paidAt?: Date; expiresAt?: Date | null; price?: number; wallet?: number; orderId?: string; card?: { method: string; provider: string; transactionId: string } | null },
  ): Promise<VoucherRow[]>;
  close(): Promise<void>;
}

let orderSeq = 0;

export async function vouchersFixture(open: OpenTestDatabase, start = new Date('2026-11-20T10:00:00Z'), payments?: VoucherPayments): Promise<VouchersFixture> {
  const database = await open();
  await migrateWallet(database.db);
  await migrateVouchers(database.db);
  const logged: LoggedLine[] = [];
  const clock = { now: start };
  const app = createVouchersApp({ db: database.db, serviceToken: TEST_TOKEN, now: () => clock.now, ...(payments ? { payments } : {}), log: (message, fields) => void logged.push({ message, fields }) });
  return {
    database,
    app,
    logged,
    clock,
    call: (method, path, body) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: { [SERVICE_TOKEN_HEADER]: TEST_TOKEN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      ),
    async issue(holder, quantity, options = {}) {
      const paidAt = options.paidAt ?? clock.now;
      const orderNumber = String(100001 + orderSeq++);
      const orderId = options.orderId ?? randomUUID();
      const price = options.price ?? 2500;
      const total = price * quantity;
      const wallet = options.wallet ?? 0;
      const vouchers = newVouchers(
        {
          order_id: orderId,
          order_number: orderNumber,
          order_line_id: String(orderSeq),
          customer_token: holder,
          deal_id: options.dealId ?? 7,
          deal_product_id: 70,
          title: 'Spa day for two',
          recipient_name: null,
          price,
          paid: price,
          currency: 'GBP',
          paid_at: paidAt,
          expires_at: options.expiresAt === undefined ? new Date(paidAt.getTime() + 90 * 86_400_000) : options.expiresAt,
        },
        quantity,
        paidAt,
      );
      const card = options.card === undefined ? { method: 'credit_card', provider: 'braintree', transactionId: `tx-${orderNumber}` } : options.card;
      await database.db.transaction().execute(async (trx) => {
        if (wallet > 0 && holder) {
          await creditWallet(trx, { customerToken: holder, currency: 'GBP', amount: wallet, bucket: 'refundable', reason: 'Test credit', ref: `test-credit-${orderId}` });
          const held = await holdWalletCredit(trx, { customerToken: holder, currency: 'GBP', amount: wallet, marketingMax: 0, ref: orderId });
          if (!held.ok) throw new Error('wallet hold refused');
          await captureWalletCredit(trx, { ref: orderId });
        }
        await recordOrderPayment(trx, {
          order_id: orderId,
          order_number: orderNumber,
          customer_token: holder,
          currency: 'GBP',
          method: card?.method ?? 'credit_card',
          provider: total > wallet && card ? card.provider : null,
          transaction_id: total > wallet && card ? card.transactionId : null,
          cash_captured: total - wallet,
          wallet_captured: wallet,
        });
        await issueVouchers(trx, vouchers);
      });
      return vouchers;
    },
    close: () => database.close(),
  };
}
