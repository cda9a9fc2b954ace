import { Suspense, useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { formatAverage, REVIEWS_SHOWN } from '@shop/domain/reviews';
import { QuietBoundary } from '../lists/QuietBoundary.tsx';
import { AllReviews } from './AllReviews.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { Stars } from './Stars.tsx';
import type { MerchantReviews_merchant$key } from '../../__generated__/MerchantReviews_merchant.graphql';
import './reviews.css';

const reviewsWord = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'review' : 'reviews'}`;

/**
 * The deal page's reviews of its business (issue 19 point 9; spec §9: 3 shown, 10 a page): the
 * average and count, the 3 latest, and "Show all N reviews", which opens every review below,
 * 10 a page (loaded when asked for). Reviews come only from shoppers whose voucher was redeemed
 * (and the catalogue's own): the page says so.
 */
export function MerchantReviews({ merchant }: { merchant: MerchantReviews_merchant$key }) {
  const m = useFragment(
    graphql`
      fragment MerchantReviews_merchant on Merchant {
        id
        name
        rating
        reviewCount
        latest: reviews(first: 3) {
          edges {
            node {
              id
              ...ReviewItem_review
            }
          }
        }
      }
    `,
    merchant,
  );
  const uid = useId();
  const [showAll, setShowAll] = useState(false);
  const headingId = `${uid}-heading`;
  return (
    <section className="reviews" aria-labelledby={headingId}>
      <h2 id={headingId} className="reviews__title">
        Reviews of {m.name}
      </h2>
      {m.rating != null && m.reviewCount > 0 ? (
        <p className="reviews__average">
          <Stars value={m.rating} />
          <span className="reviews__average-figure">{formatAverage(m.rating)}</span>
          <span> out of 5 from {reviewsWord(m.reviewCount)}</span>
        </p>
      ) : (
        <p className="reviews__empty">No reviews yet.</p>
      )}
      <p className="reviews__note">“Verified purchase” marks a review written by a customer whose voucher was redeemed; they can review a business once per voucher.</p>
      {showAll ? (
        <QuietBoundary fallback={<p role="alert">Sorry, we couldn’t load the reviews. Please try again later.</p>}>
          <Suspense fallback={<p role="status">Loading reviews…</p>}>
            <AllReviews merchantId={m.id} total={m.reviewCount} />
          </Suspense>
        </QuietBoundary>
      ) : (
        <>
          {m.latest.edges.length > 0 ? (
            <ul className="reviews__list" aria-label={`The ${Math.min(REVIEWS_SHOWN, m.latest.edges.length)} latest reviews`}>
              {m.latest.edges.map((e) => (
                <li key={e.node.id}>
                  <ReviewItem review={e.node} />
                </li>
              ))}
            </ul>
          ) : null}
          {m.reviewCount > m.latest.edges.length ? (
            <button type="button" className="button button--secondary" onClick={() => setShowAll(true)}>
              Show all {reviewsWord(m.reviewCount)}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
