/**
 * The word on deals a merge took off (spec §9 cap of 50), against relay-test-utils' mock
 * environment: each deal named as a link to its page, singular and plural words; nothing at all
 * when nothing was taken off; gone once a heart on the page changes the list.
 */
import { Suspense } from 'react';
import { act, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { WishlistHeart } from './WishlistHeart.tsx';
import { WishlistTakenOff } from './WishlistTakenOff.tsx';
import type { WishlistTakenOffTestQuery } from '../../__generated__/WishlistTakenOffTestQuery.graphql';
import type { WishlistTakenOffHeartTestQuery } from '../../__generated__/WishlistTakenOffHeartTestQuery.graphql';

const query = graphql`
  query WishlistTakenOffTestQuery @relay_test_operation {
    wishlist {
      ...WishlistTakenOff_wishlist
    }
  }
`;

function TakenOff() {
  const data = useLazyLoadQuery<WishlistTakenOffTestQuery>(query, {});
  return data.wishlist ? <WishlistTakenOff wishlist={data.wishlist} /> : <p>No list</p>;
}

const DEALS = [
  { id: 'RGVhbDox', title: 'Afternoon tea for two', url: '/deals/glasgow/food-drink/afternoon-tea/1/afternoon-tea-for-two.html' },
  { id: 'RGVhbDoy', title: 'Spa day with lunch', url: '/deals/edinburgh/spa-beauty/spa-days/2/spa-day-with-lunch.html' },
];

async function renderTakenOff(deals: typeof DEALS) {
  const rendered = renderRoutes([{ path: '/wishlist', element: <Suspense fallback={<p>Loading</p>}><TakenOff /></Suspense> }], '/wishlist');
  await act(async () => {
    rendered.environment.mock.resolveMostRecentOperation((op: OperationDescriptor) => MockPayloadGenerator.generate(op, { Wishlist: () => ({ takenOffAtMerge: deals }) }));
  });
  return rendered;
}

describe('WishlistTakenOff', () => {
  it('names each deal taken off, a link to its page, in plural words', async () => {
    await renderTakenOff(DEALS);
    const notice = screen.getByRole('status');
    expect(within(notice).getByRole('heading', { level: 2 })).toHaveTextContent('2 older deals were taken off your wish list');
    expect(notice).toHaveTextContent('A wish list holds up to 50 deals.');
    expect(within(notice).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(DEALS.map((d) => [d.title, d.url]));
  });

  it('one deal: singular words', async () => {
    await renderTakenOff(DEALS.slice(0, 1));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('One older deal was taken off your wish list');
    expect(screen.getByRole('status')).toHaveTextContent('this one, saved longest ago, was taken off. To keep it,');
  });

  it('nothing taken off: nothing shown', async () => {
    await renderTakenOff([]);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

const heartQuery = graphql`
  query WishlistTakenOffHeartTestQuery @relay_test_operation {
    wishlist {
      ...WishlistTakenOff_wishlist
    }
    deal(dealId: "42") {
      ...WishlistHeart_deal
    }
  }
`;

function TakenOffWithHeart() {
  const data = useLazyLoadQuery<WishlistTakenOffHeartTestQuery>(heartQuery, {});
  return (
    <>
      {data.wishlist ? <WishlistTakenOff wishlist={data.wishlist} /> : null}
      {data.deal ? <WishlistHeart deal={data.deal} /> : null}
    </>
  );
}

describe('WishlistTakenOff after a change', () => {
  it('a heart pressed on the page (the list changed) ends the word, as the service does', async () => {
    const { environment, user } = renderRoutes([{ path: '/wishlist', element: <Suspense fallback={<p>Loading</p>}><TakenOffWithHeart /></Suspense> }], '/wishlist');
    await act(async () => {
      environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
        MockPayloadGenerator.generate(op, { Wishlist: () => ({ takenOffAtMerge: DEALS.slice(0, 1) }), Deal: () => ({ id: 'RGVhbDo0Mg', dealId: 42, title: 'Afternoon tea for two', inWishlist: true }) }),
      );
    });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('One older deal was taken off your wish list');
    await user.click(screen.getByRole('button', { name: 'Save Afternoon tea for two to your wish list' }));
    await act(async () => {
      environment.mock.resolveMostRecentOperation({ data: { removeFromWishlist: { __typename: 'WishlistUpdated', wishlist: { count: 49 }, deal: { id: 'RGVhbDo0Mg', inWishlist: false } } } });
    });
    expect(screen.queryByRole('heading', { name: /taken off your wish list/ })).toBeNull();
  });
});
