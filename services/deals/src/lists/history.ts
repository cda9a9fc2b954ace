/**
 * The customer history that recommendations and buy-again read: deal views (POST /deal-views)
 * and purchases. Both are append-only. Issue 6 (checkout) records purchases with recordPurchase,
 * exported from the package, inside its own transaction if it likes (any DealsDb handle works).
 */
import type { DealsDb } from '../db/database.ts';
import { CUSTOMER_TOKEN } from './common.ts';

export interface DealViewInput {
  customerToken: string;
  dealId: number;
  /** When the deal was viewed (default: now). */
  at?: Date;
}

export interface PurchaseInput {
  customerToken: string;
  dealId: number;
  /** Units bought, at least 1. */
  quantity: number;
  /** When the order was placed (default: now). */
  at?: Date;
}

function check(customerToken: string, dealId: number, at: Date | undefined): void {
  if (!CUSTOMER_TOKEN.test(customerToken)) throw new RangeError('customerToken must be at least 10 url-safe characters (spec §5).');
  if (!Number.isInteger(dealId) || dealId < 1 || dealId > 2_147_483_647) throw new RangeError('dealId must be a positive integer.');
  if (at !== undefined && Number.isNaN(at.getTime())) throw new RangeError('at must be a valid date.');
}

/** Appends one deal view of a customer. */
export async function recordDealView(db: DealsDb, input: DealViewInput): Promise<void> {
  check(input.customerToken, input.dealId, input.at);
  await db
    .withSchema('deals')
    .insertInto('deal_view')
    .values({ customer_token: input.customerToken, deal_id: input.dealId, viewed_at: input.at ?? new Date() })
    .execute();
}

/** Appends one purchase (a deal and how many units) of a customer. */
export async function recordPurchase(db: DealsDb, input: PurchaseInput): Promise<void> {
  check(input.customerToken, input.dealId, input.at);
  if (!Number.isInteger(input.quantity) || input.quantity < 1 || input.quantity > 10_000) throw new RangeError('quantity must be a whole number from 1.');
  await db
    .withSchema('deals')
    .insertInto('purchase_history')
    .values({ customer_token: input.customerToken, deal_id: input.dealId, quantity: input.quantity, purchased_at: input.at ?? new Date() })
    .execute();
}

export interface HistorySignal {
  dealId: number;
  kind: 'view' | 'purchase';
  /** Units for a purchase, 1 for a view. */
  quantity: number;
  at: Date;
}

/** How much history recommendations read: the most recent views and purchases up to `now`. */
export const HISTORY_VIEWS = 200;
export const HISTORY_PURCHASES = 100;

export async function recentHistory(db: DealsDb, customerToken: string, now: Date): Promise<HistorySignal[]> {
  const [views, purchases] = await Promise.all([
    db
      .withSchema('deals')
      .selectFrom('deal_view')
      .select(['deal_id', 'viewed_at'])
      .where('customer_token', '=', customerToken)
      .where('viewed_at', '<=', now)
      .orderBy('viewed_at', 'desc')
      .limit(HISTORY_VIEWS)
      .execute(),
    db
      .withSchema('deals')
      .selectFrom('purchase_history')
      .select(['deal_id', 'quantity', 'purchased_at'])
      .where('customer_token', '=', customerToken)
      .where('purchased_at', '<=', now)
      .orderBy('purchased_at', 'desc')
      .limit(HISTORY_PURCHASES)
      .execute(),
  ]);
  return [
    ...views.map((v) => ({ dealId: v.deal_id, kind: 'view' as const, quantity: 1, at: new Date(v.viewed_at) })),
    ...purchases.map((p) => ({ dealId: p.deal_id, kind: 'purchase' as const, quantity: p.quantity, at: new Date(p.purchased_at) })),
  ];
}
