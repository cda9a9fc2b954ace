/**
 * Reviews of a merchant (issue 19 point 9; spec §9 "Reviews: minimum average 3.5, 10 per page,
 * 3 shown"). Beyond the spec: only a shopper whose voucher for the merchant was redeemed may
 * review it, once per voucher, because the UK DMCC Act 2024 (Schedule 20) bans fake reviews and
 * reviews presented as from real customers without reasonable steps to check they are.
 */
import { z } from 'zod';
import { hasUnsafeText } from './safe-text.ts';

/** Spec §9: a merchant whose average is below this is never promoted as top rated. */
export const REVIEWS_MIN_AVERAGE = 3.5;
/** Spec §9: all reviews are listed 10 a page. */
export const REVIEWS_PAGE_SIZE = 10;
/** Spec §9: a deal page shows the 3 latest. */
export const REVIEWS_SHOWN = 3;

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
/** A review says something: at least a short sentence, at most about a page. */
export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;

/** The words a shopper sees for each field; the service and the gateway answer the same. */
export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars.',
  textTooShort: `Please write at least ${REVIEW_TEXT_MIN} characters about your visit.`,
  textTooLong: `Your review can be at most ${REVIEW_TEXT_MAX.toLocaleString('en-GB')} characters.`,
  textUnsafe: 'Your review contains characters we cannot show. Please remove them.',
} as const;

/** A rating: a whole number of stars from 1 to 5. */
export const reviewRatingSchema = z
  .number({ error: REVIEW_MESSAGES.ratingRequired })
  .int({ error: REVIEW_MESSAGES.ratingRequired })
  .min(REVIEW_RATING_MIN, { error: REVIEW_MESSAGES.ratingRequired })
  .max(REVIEW_RATING_MAX, { error: REVIEW_MESSAGES.ratingRequired });

/** The review's words, trimmed; control, zero-width and bidi-override characters refused. */
export const reviewTextSchema = z
  .string({ error: REVIEW_MESSAGES.textTooShort })
  .trim()
  .min(REVIEW_TEXT_MIN, { error: REVIEW_MESSAGES.textTooShort })
  .max(REVIEW_TEXT_MAX, { error: REVIEW_MESSAGES.textTooLong })
  .refine((t) => !hasUnsafeText(t.replace(/[\n\r\t]/g, ' ')), { error: REVIEW_MESSAGES.textUnsafe });

/** What a shopper writes: the form, the gateway and the service check the same. */
export const reviewInputSchema = z.object({ rating: reviewRatingSchema, text: reviewTextSchema });

/**
 * How a reviewer is named under a review: first name and the initial of the last name
 * ("Morag T."), so a review is from a real person without publishing their full name.
 */
export function reviewerDisplayName(firstName: string, lastName: string): string {
  const first = firstName.trim().split(/\s+/)[0] ?? '';
  const initial = [...lastName.trim()][0]?.toLocaleUpperCase('en-GB');
  if (!first) return 'A Thistle Deals customer';
  return initial ? `${first} ${initial}.` : first;
}

/** A merchant's average rating: null without reviews (never a made-up zero). */
export function averageRating(ratingTotal: number, reviewCount: number): number | null {
  return reviewCount > 0 ? ratingTotal / reviewCount : null;
}

/**
 * Spec §9 minimum average: a merchant may be promoted (a "top" slot, a rating used as a selling
 * point) only when it has no reviews yet or its average is at least 3.5. A list never hides a
 * deal for its rating; it only stops putting it forward.
 */
export function isPromotableRating(average: number | null): boolean {
  return average === null || average >= REVIEWS_MIN_AVERAGE;
}

/** The average as shown: one decimal ("4.3"). */
export const formatAverage = (average: number): string => (Math.round(average * 10) / 10).toFixed(1);

/**
 * The seed's reviews of a merchant that had a fixed rating: `count` whole-star ratings whose sum
 * is round(average × count), so their average is the old one (exactly when average × count is a
 * whole number, as with 20 reviews and a one-decimal rating). Highest first: rating i gets one
 * star more than floor(total / count) for the first total mod count of them.
 */
export function spreadRatings(average: number, count: number): number[] {
  if (count <= 0) return [];
  const total = Math.min(REVIEW_RATING_MAX * count, Math.max(REVIEW_RATING_MIN * count, Math.round(average * count)));
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The seed keeps at most this many reviews per merchant (real rows, 10 a page: two pages). */
export const SEEDED_REVIEWS_MAX = 20;
