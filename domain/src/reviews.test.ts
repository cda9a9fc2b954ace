import { describe, expect, it } from 'vitest';
import {
  averageRating,
  formatAverage,
  isPromotableRating,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  REVIEWS_MIN_AVERAGE,
  REVIEWS_PAGE_SIZE,
  REVIEWS_SHOWN,
  reviewerDisplayName,
  reviewInputSchema,
  spreadRatings,
} from './reviews.ts';

describe('reviews (spec §9)', () => {
  it('has the spec figures: minimum average 3.5, 10 per page, 3 shown', () => {
    expect([REVIEWS_MIN_AVERAGE, REVIEWS_PAGE_SIZE, REVIEWS_SHOWN]).toEqual([3.5, 10, 3]);
  });

  it.each([
    [null, true],
    [5, true],
    [3.5, true],
    [3.49, false],
    [1, false],
  ])('a merchant averaging %s may be promoted: %s', (average, promotable) => {
    expect(isPromotableRating(average)).toBe(promotable);
  });

  it('averages only real reviews: none is null, not zero', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(43, 10)).toBeCloseTo(4.3);
    expect(formatAverage(4.25)).toBe('4.3');
    expect(formatAverage(5)).toBe('5.0');
  });

  it.each([
    ['Morag', 'Thomson', 'Morag T.'],
    ['  Jamie Lee ', 'o’neil', 'Jamie O.'],
    ['Ali', '', 'Ali'],
    ['', 'Smith', 'A Thistle Deals customer'],
  ])('names %s %s as %s', (first, last, shown) => {
    expect(reviewerDisplayName(first, last)).toBe(shown);
  });

  it.each([
    [3.6, 20],
    [4.3, 20],
    [5, 20],
    [4.7, 10],
    [3.9, 7],
    [4.1, 1],
  ])('spreads a %s rating over %i reviews with the same average (to one decimal)', (average, count) => {
    const ratings = spreadRatings(average, count);
    expect(ratings).toHaveLength(count);
    expect(ratings.every((r) => Number.isInteger(r) && r >= 1 && r <= 5)).toBe(true);
    const mean = ratings.reduce((a, b) => a + b, 0) / count;
    expect(Math.abs(mean - average)).toBeLessThanOrEqual(0.5 / count + 1e-9);
    if (count % 10 === 0) expect(formatAverage(mean)).toBe(average.toFixed(1));
  });

  it('checks what a shopper writes, naming the field', () => {
    expect(reviewInputSchema.safeParse({ rating: 4, text: '  Lovely lunch, friendly staff.  ' })).toEqual({ success: true, data: { rating: 4, text: 'Lovely lunch, friendly staff.' } });
    const issues = (input: unknown) => reviewInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ rating: 0, text: 'Lovely lunch, friendly staff.' })).toEqual([['rating', REVIEW_MESSAGES.ratingRequired]]);
    expect(issues({ rating: 4.5, text: 'Lovely lunch, friendly staff.' })).toEqual([['rating', REVIEW_MESSAGES.ratingRequired]]);
    expect(issues({ rating: 6, text: 'short' })).toEqual([['rating', REVIEW_MESSAGES.ratingRequired], ['text', REVIEW_MESSAGES.textTooShort]]);
    expect(issues({ rating: 5, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) })).toEqual([['text', REVIEW_MESSAGES.textTooLong]]);
    expect(issues({ rating: 5, text: 'Great place\u202E to eat' })).toEqual([['text', REVIEW_MESSAGES.textUnsafe]]);
    expect(issues({ rating: 5, text: 'Great place.\nWould go again.' })).toBeUndefined();
  });
});
