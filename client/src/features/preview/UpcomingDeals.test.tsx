/**
 * The dashboard's upcoming deals and the preview banner (issue 19 point 6), against
 * relay-test-utils' mock environment: a Preview link per deal not live yet, to its preview page,
 * with where it stands; nothing at all for a business with none; the banner's words by status.
 */
import { Suspense } from 'react';
import { act, cleanup, screen, within } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { PreviewBanner } from './PreviewBanner.tsx';
import { UpcomingDeals } from './UpcomingDeals.tsx';
import type { UpcomingDealsBannerTestQuery } from '../../__generated__/UpcomingDealsBannerTestQuery.graphql';

afterEach(cleanup);

const bannerQuery = graphql`
  query UpcomingDealsBannerTestQuery @relay_test_operation {
    dealPreview(dealId: "950000001") {
      ...PreviewBanner_preview
    }
  }
`;

function Banner() {
  const data = useLazyLoadQuery<UpcomingDealsBannerTestQuery>(bannerQuery, {});
  return data.dealPreview ? <PreviewBanner preview={data.dealPreview} /> : null;
}

async function render(element: React.ReactNode, resolvers: Record<string, () => unknown>) {
  const { environment } = renderRoutes([{ path: '/insights', element: <Suspense fallback={<p>Loading</p>}>{element}</Suspense> }], '/insights');
  await act(async () => {
    environment.mock.resolveMostRecentOperation((op: OperationDescriptor) => MockPayloadGenerator.generate(op, resolvers));
  });
}

describe('UpcomingDeals', () => {
  it('lists each deal not live yet with where it stands and a Preview link to its preview page', async () => {
    const upcoming = [
      { status: 'SCHEDULED', liveFrom: '2027-01-05T09:00:00.000Z', previewUrl: '/deal-preview/glasgow/spa/spa-days/950000001/spring-launch.html', deal: { dealId: 950000001, title: 'Spring Launch: Spa Day' } },
      { status: 'DRAFT', liveFrom: null, previewUrl: '/deal-preview/glasgow/spa/spa-days/950000002/new-season.html', deal: { dealId: 950000002, title: 'New Season Special' } },
    ];
    await render(<UpcomingDeals businessId="b1" />, { MerchantBusiness: () => ({ upcomingDeals: upcoming }) });
    const region = screen.getByRole('region', { name: 'Upcoming deals' });
    const items = within(region).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('This deal goes live on Tuesday 5 January 2027 at 09:00.');
    expect(items[1]!.textContent).toContain('This deal is a draft: it is not scheduled to go live yet.');
    expect(within(items[0]!).getByRole('link', { name: 'Preview Spring Launch: Spa Day' }).getAttribute('href')).toBe(upcoming[0]!.previewUrl);
    expect(within(items[1]!).getByRole('link', { name: 'Preview New Season Special' }).getAttribute('href')).toBe(upcoming[1]!.previewUrl);
  });

  it('shows nothing for a business with no upcoming deals', async () => {
    await render(<UpcomingDeals businessId="b1" />, { MerchantBusiness: () => ({ upcomingDeals: [] }) });
    expect(screen.queryByRole('region', { name: 'Upcoming deals' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('PreviewBanner', () => {
  it.each([
    ['SCHEDULED', '2027-06-01T09:00:00.000Z', 'This deal goes live on Tuesday 1 June 2027 at 10:00.'],
    ['DRAFT', null, 'This deal is a draft: it is not scheduled to go live yet.'],
    ['LIVE', null, 'This deal is live: shoppers see it on its own page.'],
  ])('%s: says it is a preview, where the deal stands, and that nothing can be bought', async (status, liveFrom, words) => {
    await render(<Banner />, { DealPreview: () => ({ status, liveFrom }) });
    const banner = screen.getByRole('region', { name: 'Preview: only you can see this page' });
    expect(banner.textContent).toContain(words);
    expect(banner.textContent).toContain('Nothing can be bought from a preview');
  });
});
