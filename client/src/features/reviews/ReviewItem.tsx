import { graphql, useFragment } from 'react-relay';
import { formatDate } from '../../lib/text.ts';
import { Stars } from './Stars.tsx';
import type { ReviewItem_review$key } from '../../__generated__/ReviewItem_review.graphql';

export const VERIFIED_PURCHASE = 'Verified purchase';

/**
 * One review: its stars, its words, who wrote it (first name and last initial) and when, and
 * "Verified purchase" when its writer's voucher for the business was redeemed (issue 19 point 9).
 */
export function ReviewItem({ review }: { review: ReviewItem_review$key }) {
  const r = useFragment(
    graphql`
      fragment ReviewItem_review on Review {
        rating
        text
        reviewerName
        createdAt
        verifiedPurchase
      }
    `,
    review,
  );
  return (
    <article className="review">
      <p className="review__head">
        <Stars value={r.rating} />
        {r.verifiedPurchase ? <span className="badge review__verified">{VERIFIED_PURCHASE}</span> : null}
      </p>
      <p className="review__text">{r.text}</p>
      <p className="review__by">
        {r.reviewerName}, <time dateTime={r.createdAt}>{formatDate(r.createdAt)}</time>
      </p>
    </article>
  );
}
