/**
 * The deal page's reviews of its business (issue 19 point 9; spec §9: 3 shown, 10 a page),
 * against relay-test-utils' mock environment: the average and count in words, the 3 latest,
 * "Show all N reviews" reading every review 10 a page (focus on the list, "Show more reviews"),
 * and a business without reviews.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MerchantReviews } from './MerchantReviews.tsx';
import type { MerchantReviewsTestQuery } from '../../__generated__/MerchantReviewsTestQuery.graphql';

const query = graphql`
  query MerchantReviewsTestQuery @relay_test_operation {
    node(id: "m") {
      ...MerchantReviews_merchant @alias
    }
  }
`;

const MERCHANT_ID = 'TWVyY2hhbnQ6Nw==';
const review = (i: number) => ({
  __typename: 'Review',
  id: `review-${i}`,
  rating: (i % 5) + 1,
  text: `Review number ${i}.`,
  reviewerName: `Person ${i} T.`,
  createdAt: new Date(Date.UTC(2026, 10, 27) - i * 86_400_000).toISOString(),
  verifiedPurchase: i === 0,
});
const page = (from: number, count: number, total: number) => ({
  totalCount: total,
  edges: Array.from({ length: count }, (_, k) => ({ cursor: `c${from + k}`, node: review(from + k) })),
  pageInfo: { hasNextPage: from + count < total, endCursor: `c${from + count - 1}`, hasPreviousPage: from > 0, startCursor: `c${from}` },
});

function Reviews() {
  const data = useLazyLoadQuery<MerchantReviewsTestQuery>(query, {});
  const merchant = data.node?.MerchantReviews_merchant;
  return merchant ? <MerchantReviews merchant={merchant} /> : null;
}

async function renderReviews(merchant: Record<string, unknown>) {
  const environment = createMockEnvironment();
  const user = userEvent.setup();
  render(
    <RelayEnvironmentProvider environment={environment}>
      <Suspense fallback={<p>Loading</p>}>
        <Reviews />
      </Suspense>
    </RelayEnvironmentProvider>,
  );
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { Node: () => ({ __typename: 'Merchant', id: MERCHANT_ID, ...merchant }) }));
  });
  return { environment, user, section: await screen.findByRole('region', { name: /Reviews of/ }) };
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('MerchantReviews', () => {
  it('shows the average and count, the 3 latest, then every review 10 a page', async () => {
    const { environment, user, section } = await renderReviews({ name: 'The Willow', rating: 4.25, reviewCount: 23, latest: page(0, 3, 23) });
    expect(within(section).getByRole('heading', { name: 'Reviews of The Willow' })).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4.3 out of 5 stars' })).toBeInTheDocument();
    expect(section).toHaveTextContent('4.3 out of 5 from 23 reviews');
    const latest = within(section).getByRole('list', { name: 'The 3 latest reviews' });
    expect(within(latest).getAllByRole('article').map((a) => within(a).getByText(/^Review number/).textContent)).toEqual(['Review number 0.', 'Review number 1.', 'Review number 2.']);
    expect(within(latest).getAllByText('Verified purchase')).toHaveLength(1);

    await user.click(within(section).getByRole('button', { name: 'Show all 23 reviews' }));
    const all = environment.mock.getMostRecentOperation();
    expect(all.request.node.params.name).toBe('AllReviewsQuery');
    expect(all.request.variables).toEqual({ id: MERCHANT_ID });
    await act(async () => {
      environment.mock.resolve(all, { data: { node: { __typename: 'Merchant', id: MERCHANT_ID, reviews: page(0, 10, 23) } } });
    });
    const list = within(section).getByRole('list', { name: 'All reviews' });
    expect(list).toHaveFocus();
    expect(within(list).getAllByRole('article')).toHaveLength(10);
    expect(within(section).getByRole('status')).toHaveTextContent('Showing 10 of 23 reviews');

    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('AllReviewsPaginationQuery');
    expect(next.request.variables).toMatchObject({ count: 10, cursor: 'c9', id: MERCHANT_ID });
    await act(async () => {
      environment.mock.resolve(next, { data: { node: { __typename: 'Merchant', id: MERCHANT_ID, reviews: page(10, 10, 23) } } });
    });
    expect(within(list).getAllByRole('article')).toHaveLength(20);
    expect(within(section).getByRole('status')).toHaveTextContent('Showing 20 of 23 reviews');
  });

  it('a business without reviews says so, with nothing to open', async () => {
    const { section } = await renderReviews({ name: 'New Place', rating: null, reviewCount: 0, latest: page(0, 0, 0) });
    expect(within(section).getByText('No reviews yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
  });
});
