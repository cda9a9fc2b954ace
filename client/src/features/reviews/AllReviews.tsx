import { useEffect, useRef } from 'react';
import { graphql, useLazyLoadQuery, usePaginationFragment } from 'react-relay';
import { REVIEWS_PAGE_SIZE } from '@shop/domain/reviews';
import { ShowMore } from '../../ui/ShowMore.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import type { AllReviewsQuery } from '../../__generated__/AllReviewsQuery.graphql';
import type { AllReviews_merchant$key } from '../../__generated__/AllReviews_merchant.graphql';
import type { AllReviewsPaginationQuery } from '../../__generated__/AllReviewsPaginationQuery.graphql';

/**
 * Every review of a business, newest first, 10 a page (spec §9), read when the shopper asks for
 * them on the deal page; "Show more reviews" reads the next 10. Focus moves to the list when it
 * opens, so a keyboard user lands on what they asked for.
 */
export function AllReviews({ merchantId, total }: { merchantId: string; total: number }) {
  const data = useLazyLoadQuery<AllReviewsQuery>(
    graphql`
      query AllReviewsQuery($id: ID!) {
        node(id: $id) {
          ...AllReviews_merchant @alias(as: "merchant")
        }
      }
    `,
    { id: merchantId },
  );
  const merchant = data.node?.merchant;
  if (!merchant) return <p>Sorry, we could not find this business’s reviews.</p>;
  return <ReviewPages merchant={merchant} total={total} />;
}

function ReviewPages({ merchant, total }: { merchant: AllReviews_merchant$key; total: number }) {
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<AllReviewsPaginationQuery, AllReviews_merchant$key>(
    graphql`
      fragment AllReviews_merchant on Merchant
      @refetchable(queryName: "AllReviewsPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 10 }, cursor: { type: "String" }) {
        reviews(first: $count, after: $cursor) @connection(key: "AllReviews_reviews") {
          totalCount
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
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => list.current?.focus(), []);
  const edges = data?.reviews.edges ?? [];
  const count = data?.reviews.totalCount ?? total;
  const statusId = 'all-reviews-status';
  return (
    <>
      <ul className="reviews__list" aria-label="All reviews" aria-describedby={statusId} tabIndex={-1} ref={list}>
        {edges.map((e) => (
          <li key={e.node.id}>
            <ReviewItem review={e.node} />
          </li>
        ))}
      </ul>
      <ShowMore
        hasNext={hasNext}
        isLoadingNext={isLoadingNext}
        loadNext={loadNext}
        pageSize={REVIEWS_PAGE_SIZE}
        what="reviews"
        label="Show more reviews"
        status={{ id: statusId, text: `Showing ${edges.length} of ${count} ${count === 1 ? 'review' : 'reviews'}` }}
      />
    </>
  );
}
