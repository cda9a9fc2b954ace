/**
 * The gift finder's filters (issue 19 point 3) against relay-test-utils' mock environment: each
 * group is a navigation named by its question, the chosen option is the current page (its link
 * clears it), an option with no gifts is shown but not a link, and "Where?" keeps the filters.
 */
import { act, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { graphql, RelayEnvironmentProvider, useLazyLoadQuery } from 'react-relay';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { GIFT_FINDER_PERSONALITIES, GIFT_FINDER_RECIPIENTS, GIFT_PRICE_BANDS, giftFinderPath } from '@shop/domain';
import { GiftFinderFilters } from './GiftFinderFilters.tsx';
import type { GiftFinderFiltersTestQuery } from '../../__generated__/GiftFinderFiltersTestQuery.graphql';

const query = graphql`
  query GiftFinderFiltersTestQuery @relay_test_operation {
    giftFinder(location: "glasgow", recipient: "mum", personality: "pampered") {
      ...GiftFinderFilters_finder
    }
  }
`;

function Filters() {
  const data = useLazyLoadQuery<GiftFinderFiltersTestQuery>(query, {});
  return data.giftFinder ? <GiftFinderFilters finder={data.giftFinder} /> : null;
}

/** Glasgow, for Mum, Pampered: the options as the gateway answers them. */
function finder() {
  const chosen = { recipient: 'mum', personality: 'pampered', price: null as string | null };
  const option = (filter: 'recipient' | 'personality' | 'price', id: string, label: string, count: number) => {
    const selected = chosen[filter] === id;
    const next = { ...chosen, [filter]: selected ? null : id };
    return { id, label, count, selected, url: giftFinderPath('glasgow', next.recipient, { personality: next.personality, price: next.price }) };
  };
  const recipients = GIFT_FINDER_RECIPIENTS.map((r, i) => option('recipient', r.id, r.label, r.id === 'teen' ? 0 : 10 + i));
  const personalities = GIFT_FINDER_PERSONALITIES.map((p, i) => option('personality', p.id, p.label, 5 + i));
  const priceBands = GIFT_PRICE_BANDS.map((b, i) => option('price', b.id, b.label, i === 0 ? 1 : 3 + i));
  return {
    __typename: 'GiftFinder',
    location: { slug: 'glasgow' },
    recipient: recipients[0],
    personality: personalities.find((p) => p.selected),
    priceBand: null,
    recipients,
    personalities,
    priceBands,
  };
}

async function renderFilters() {
  const environment = createMockEnvironment();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <RelayEnvironmentProvider environment={environment}>
            <Suspense fallback={<p>Loading</p>}>
              <Filters />
            </Suspense>
          </RelayEnvironmentProvider>
        ),
      },
    ],
    { initialEntries: ['/deals/glasgow/gift-finder/gifts-for-mum?personality=pampered'] },
  );
  render(<RouterProvider router={router} />);
  await act(async () => {
    environment.mock.resolveMostRecentOperation((operation: OperationDescriptor) => MockPayloadGenerator.generate(operation, { GiftFinder: () => finder() }));
  });
}

describe('GiftFinderFilters', () => {
  it('offers every recipient, personality and price band with its count; the chosen one clears itself', async () => {
    await renderFilters();
    const who = await screen.findByRole('navigation', { name: 'Who is it for?' });
    const mum = within(who).getByRole('link', { name: /^Mum \(10 gifts\), chosen/ });
    expect(mum).toHaveAttribute('aria-current', 'page');
    expect(mum).toHaveAttribute('href', '/deals/glasgow/gift-finder?personality=pampered');
    expect(within(who).getByRole('link', { name: 'Dad (11 gifts)' })).toHaveAttribute('href', '/deals/glasgow/gift-finder/gifts-for-dad?personality=pampered');
    // No gifts for Teen with these filters: shown, not offered.
    expect(within(who).queryByRole('link', { name: /^Teen/ })).toBeNull();
    expect(within(who).getByText('Teen').closest('[aria-disabled="true"]')).not.toBeNull();
    expect(within(who).getAllByRole('listitem')).toHaveLength(9);

    const like = screen.getByRole('navigation', { name: 'What are they like?' });
    expect(within(like).getAllByRole('link')).toHaveLength(10);
    expect(within(like).getByRole('link', { name: /^Pampered/ })).toHaveAttribute('aria-current', 'page');
    const price = screen.getByRole('navigation', { name: 'How much to spend?' });
    expect(within(price).getByRole('link', { name: 'Under £10 (1 gift)' })).toHaveAttribute('href', '/deals/glasgow/gift-finder/gifts-for-mum?personality=pampered&price=0-10');
    expect(within(price).getAllByRole('link').map((l) => l.textContent)).toEqual(['Under £10(1)', '£10 to £20(4)', '£20 to £50(5)', '£50 to £100(6)', '£100 and over(7)']);
  });

  it('"Where?" moves the same filters to every location or another one', async () => {
    await renderFilters();
    const where = await screen.findByRole('navigation', { name: 'Where?' });
    expect(within(where).getByRole('link', { name: 'Everywhere' })).toHaveAttribute('href', '/gifts/gifts-for-mum?personality=pampered');
    expect(within(where).getByRole('link', { name: 'Glasgow' })).toHaveAttribute('aria-current', 'page');
    expect(within(where).getByRole('link', { name: 'Edinburgh' })).toHaveAttribute('href', '/deals/edinburgh/gift-finder/gifts-for-mum?personality=pampered');
  });
});
