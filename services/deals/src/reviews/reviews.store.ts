/**
 * Reviews of merchants (issue 19 point 9): the database functions. A shopper's review is written
 * in one transaction that asks the vouchers module whether the voucher is theirs and redeemed
 * (never its tables), inserts the review (voucher_id unique: a second one for the same voucher,
 * however concurrent, inserts nothing) and adds it to the merchant's count and total.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { GIFT_CARD_DEAL_ID } from '@shop/domain';
import { averageRating } from '@shop/domain/reviews';
import { redeemedVoucherOfHolder } from '@shop/vouchers/redemption/redeemed-voucher';
import type { DealsDb } from '../db/database.ts';
import type { Review, ReviewPage } from './reviews.contract.ts';
import type { NewReview, ReviewRow } from './reviews.table.ts';

const iso = (v: Date | string): string => (v instanceof Date ? v : new Date(v)).toISOString();

function rowToReview(r: ReviewRow): Review {
  return {
    id: String(r.id),
    merchantId: Number(r.merchant_id),
    dealId: r.deal_id === null ? null : Number(r.deal_id),
    reviewerName: r.reviewer_name,
    rating: Number(r.rating),
    text: r.body,
    createdAt: iso(r.created_at),
    verifiedPurchase: r.source === 'voucher',
  };
}

// Keyset cursors: base64url JSON of [created_at, id]; a forged one is refused, never sent to SQL.
const CursorTuple = z.tuple([z.iso.datetime(), z.string().regex(/^\d{1,18}$/)]);
const encodeCursor = (r: ReviewRow): string => Buffer.from(JSON.stringify([iso(r.created_at), String(r.id)])).toString('base64url');
export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  try {
    const parsed = CursorTuple.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { createdAt: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/** Whether the merchant exists, with its review count and average (null without reviews). */
export async function merchantReviewStanding(db: DealsDb, merchantId: number): Promise<{ count: number; average: number | null } | null> {
  const m = await db.withSchema('deals').selectFrom('merchant').select(['review_count', 'rating_total']).where('id', '=', merchantId).executeTakeFirst();
  return m ? { count: Number(m.review_count), average: averageRating(Number(m.rating_total), Number(m.review_count)) } : null;
}

/** A page of a merchant's reviews, newest first (fetches first + 1 to know whether more follow). */
export async function merchantReviews(db: DealsDb, merchantId: number, first: number, after: { createdAt: string; id: string } | null): Promise<Omit<ReviewPage, 'totalCount' | 'average'>> {
  let q = db.withSchema('deals').selectFrom('review').selectAll().where('merchant_id', '=', merchantId);
  if (after) q = q.where(sql<boolean>`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::bigint)`);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(first + 1).execute();
  const page = rows.slice(0, first);
  return { edges: page.map((r) => ({ cursor: encodeCursor(r), node: rowToReview(r) })), hasNextPage: rows.length > first };
}

/** The reviews written for these vouchers (the ones that have one). */
export async function reviewsOfVouchers(db: DealsDb, voucherIds: readonly string[]): Promise<{ voucherId: string; review: Review }[]> {
  if (voucherIds.length === 0) return [];
  const rows = await db.withSchema('deals').selectFrom('review').selectAll().where('voucher_id', 'in', [...new Set(voucherIds.map((v) => v.toLowerCase()))]).execute();
  return rows.map((r) => ({ voucherId: String(r.voucher_id), review: rowToReview(r) }));
}

export interface WriteReview {
  voucherId: string;
  customerToken: string;
  reviewerName: string;
  rating: number;
  text: string;
  now: Date;
}

export type WriteReviewOutcome = { ok: true; review: Review } | { ok: false; code: 'REVIEW_NOT_ALLOWED' | 'REVIEW_ALREADY_WRITTEN' };

/**
 * A shopper's review of the merchant of their redeemed voucher: refused unless the vouchers
 * module says the voucher is theirs and Redeemed (an unknown, another's or an unused voucher are
 * the same refusal), and written at most once per voucher by the unique index.
 */
export async function writeReview(db: DealsDb, input: WriteReview): Promise<WriteReviewOutcome> {
  return db.transaction().execute(async (trx) => {
    const voucher = await redeemedVoucherOfHolder(trx, input.voucherId, input.customerToken);
    // A gift card is the shop's own product, not a business's: nothing to review.
    if (!voucher || voucher.dealId === GIFT_CARD_DEAL_ID) return { ok: false, code: 'REVIEW_NOT_ALLOWED' } as const;
    const deal = await trx.withSchema('deals').selectFrom('deal').select(['id', 'merchant_id']).where('id', '=', voucher.dealId).executeTakeFirst();
    if (!deal) return { ok: false, code: 'REVIEW_NOT_ALLOWED' } as const;
    const row = await trx
      .withSchema('deals')
      .insertInto('review')
      .values({
        merchant_id: deal.merchant_id,
        deal_id: deal.id,
        source: 'voucher',
        voucher_id: voucher.voucherId,
        reviewer_name: input.reviewerName,
        rating: input.rating,
        body: input.text,
        created_at: input.now,
      })
      .onConflict((oc) => oc.column('voucher_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) return { ok: false, code: 'REVIEW_ALREADY_WRITTEN' } as const;
    await trx
      .withSchema('deals')
      .updateTable('merchant')
      .set((eb) => ({ review_count: eb('review_count', '+', 1), rating_total: eb('rating_total', '+', input.rating) }))
      .where('id', '=', deal.merchant_id)
      .execute();
    return { ok: true, review: rowToReview(row) } as const;
  });
}

/** The seed's reviews, in batches (merchant counts and totals are written with the merchants). */
export async function insertSeedReviews(db: DealsDb, rows: readonly NewReview[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.withSchema('deals').insertInto('review').values(rows.slice(i, i + 1000)).execute();
}
