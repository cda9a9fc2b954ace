/**
 * The catalogue's own reviews (issue 19 point 9): a merchant the seed gives a rating of R from N
 * reviews gets min(N, 20) real review rows whose stars average R (domain spreadRatings; the
 * migration 2026_12_06_1200_reviews did the same in SQL for databases seeded before). Source
 * 'seed': not from a voucher, so never shown as a verified purchase. Deterministic: names, words
 * and dates come from the merchant's id and the review's place, relative to the seed's `now`.
 */
import { SEEDED_REVIEWS_MAX, spreadRatings } from '@shop/domain/reviews';
import type { NewReview } from './reviews.table.ts';

const NAMES = ['Morag T.', 'Callum R.', 'Aisha K.', 'Fraser M.', 'Isla B.', 'Ewan D.', 'Priya S.', 'Kirsty W.', 'Rory G.', 'Eilidh C.', 'Hamish L.', 'Zara P.'];
const WORDS: Record<number, readonly string[]> = {
  1: ['Disappointing, not what we expected.', 'Sadly not for us: the booking was a struggle.'],
  2: ['Not the best visit, but the staff tried.', 'Okay, though it felt rushed.'],
  3: ['Fine for the price. Nothing special.', 'Decent enough, a few things could be better.'],
  4: ['Lovely experience, would go back.', 'Really good value and easy to book.', 'Friendly welcome and a great afternoon.'],
  5: ['Fantastic, great value and friendly staff.', 'Brilliant from start to finish. Highly recommend.', 'Could not fault it, we will be back.'],
};
const DAY_MS = 86_400_000;

/** The merchant's reviews and its counters (what merchant.review_count and rating_total hold). */
export function seedReviewsOf(merchantId: number, rating: number | null, reviewCount: number, now: Date): { rows: NewReview[]; count: number; total: number } {
  if (rating === null || reviewCount <= 0) return { rows: [], count: 0, total: 0 };
  const stars = spreadRatings(rating, Math.min(reviewCount, SEEDED_REVIEWS_MAX));
  const rows = stars.map((r, i): NewReview => {
    const words = WORDS[r]!;
    return {
      merchant_id: merchantId,
      deal_id: null,
      source: 'seed',
      voucher_id: null,
      reviewer_name: NAMES[(merchantId * 7 + i + 1) % NAMES.length]!,
      rating: r,
      body: words[(merchantId + i) % words.length]!,
      created_at: new Date(now.getTime() - ((i + 1) * 11 + (merchantId % 9)) * DAY_MS - (merchantId % 600) * 60_000),
    };
  });
  return { rows, count: rows.length, total: stars.reduce((a, b) => a + b, 0) };
}
