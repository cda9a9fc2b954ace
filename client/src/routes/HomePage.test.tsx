/**
 * The location homepage's hero, "Top deal in …" (issue 19 point 9; spec §9 reviews minimum
 * average 3.5): the biggest saving whose business may be promoted. A deal whose business averages
 * below 3.5 is passed over for the hero (it still lists with the others).
 */
import { act, screen } from '@testing-library/react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render-page.tsx';
import { Component as HomePage } from './HomePage.tsx';
import HomePageQuery from '../__generated__/HomePageQuery.graphql';
import RecommendedPanelQuery from '../__generated__/RecommendedPanelQuery.graphql';

const featured = (deals: Array<{ title: string; promotable: boolean }>) => ({
  edges: deals.map((d, i) => ({ node: { id: `deal-${i}`, title: d.title, headline: d.title, url: `/deals/glasgow/spa/${i}/deal.html`, merchant: { id: `m-${i}`, name: `Business ${i}`, promotable: d.promotable } } })),
});

async function renderHome(deals: Array<{ title: string; promotable: boolean }>) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
  const environment = createMockEnvironment();
  renderRoutes(
    [
      {
        path: '/deals/:location',
        element: <HomePage />,
        loader: () => ({
          page: loadQuery(environment, HomePageQuery, { location: 'glasgow', page: null, first: 24 }),
          recentlyViewed: null,
          recommended: loadQuery(environment, RecommendedPanelQuery, { location: 'glasgow', viewedDealIds: null, first: 8 }),
        }),
      },
    ],
    '/deals/glasgow',
    environment,
  );
  await act(async () => {
    const operation = environment.mock.getAllOperations().find((o) => o.request.node.params.name === 'HomePageQuery')!;
    environment.mock.resolve(
      operation,
      MockPayloadGenerator.generate(operation as OperationDescriptor, {
        Location: () => ({ slug: 'glasgow', name: 'Glasgow', description: 'Deals in Glasgow', isNational: false, isTravel: false }),
        DealConnection: (context) => (context.alias === 'featured' || context.name === 'featured' ? featured(deals) : { edges: [] }),
      }),
    );
  });
}

describe('the homepage hero (spec §9 minimum average 3.5)', () => {
  it('passes over a deal whose business averages below 3.5 for the next biggest saving', async () => {
    await renderHome([
      { title: 'Low rated spa day', promotable: false },
      { title: 'Well loved afternoon tea', promotable: true },
    ]);
    const hero = await screen.findByRole('article', { name: /Well loved afternoon tea/ });
    expect(hero).toHaveTextContent('Top deal in Glasgow');
    expect(screen.queryByRole('article', { name: /Low rated spa day/ })).not.toBeInTheDocument();
  });

  it('shows the biggest saving when its business may be promoted', async () => {
    await renderHome([
      { title: 'Top spa day', promotable: true },
      { title: 'Second tea', promotable: true },
    ]);
    expect(await screen.findByRole('article', { name: /Top spa day/ })).toHaveTextContent('Top deal in Glasgow');
  });

  it('no hero when no business of the first deals may be promoted', async () => {
    await renderHome([{ title: 'Low rated spa day', promotable: false }]);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/^Top deal in/)).not.toBeInTheDocument();
  });
});
