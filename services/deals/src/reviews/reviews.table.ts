/**
 * The deals.review table (issue 19 point 9): a merchant's reviews. `source` 'voucher' is a
 * shopper's, written once per redeemed voucher (voucher_id unique); 'seed' is the catalogue's own.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface ReviewTable {
  id: Generated<string>;
  merchant_id: number;
  deal_id: number | null;
  source: 'voucher' | 'seed';
  voucher_id: string | null;
  reviewer_name: string;
  rating: number;
  body: string;
  created_at: Date | string;
}

export type ReviewRow = Selectable<ReviewTable>;
export type NewReview = Insertable<ReviewTable>;
