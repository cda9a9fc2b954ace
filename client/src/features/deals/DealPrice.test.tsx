/**
 * The "show VIP discount price" mode (spec §3; issue 18 point 5) of DealPrice, against
 * relay-test-utils' mock environment. The shopper's VIP status comes from the real auth check
 * (features/accounts/auth.ts), its viewer query answered at the network (fetch).
 */
import { Suspense } from 'react';
import { act, cleanup, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render-page.tsx';
import { refreshAuth, startAuthCheck } from '../accounts/auth.ts';
import { DealPrice } from './DealPrice.tsx';
import type { DealPriceTestQuery } from '../../__generated__/DealPriceTestQuery.graphql';

const query = graphql`
  query DealPriceTestQuery @relay_test_operation {
    deal(dealId: "7") {
      ...DealPrice_deal
    }
  }
`;

function PriceOf({ vip, joinLink }: { vip: boolean; joinLink: boolean }) {
  const data = useLazyLoadQuery<DealPriceTestQuery>(query, {});
  return data.deal ? <DealPrice deal={data.deal} vip={vip} joinLink={joinLink} /> : null;
}

/** What the gateway answers the auth check's viewer query with. */
let viewer: { id: string; name: string; vipUser: boolean } | null = null;

beforeAll(() => {
  vi.stubGlobal('fetch', async () => Response.json({ data: { viewer } }));
  startAuthCheck();
});
afterAll(() => vi.unstubAllGlobals());

const gbp = (amount: number) => ({ amount, currency: 'GBP', formatted: `£${amount / 100}` });

async function renderPrice(deal: { priceDisplay: string; price: number; vipPrice: number | null }, options: { vip?: boolean; joinLink?: boolean } = {}) {
  cleanup();
  const { environment } = renderRoutes(
    [
      {
        path: '/deal',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <div data-testid="price">
              <PriceOf vip={options.vip ?? false} joinLink={options.joinLink ?? false} />
            </div>
          </Suspense>
        ),
      },
    ],
    '/deal',
  );
  await act(async () => {
    environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
      MockPayloadGenerator.generate(op, {
        Deal: () => ({
          priceDisplay: deal.priceDisplay,
          showFromPrice: false,
          price: gbp(deal.price),
          headlinePrice: gbp(deal.price),
          headlineOriginalPrice: gbp(3000),
          headlineDiscountPercentage: Math.round((1 - deal.price / 3000) * 100),
          includedPostage: gbp(0),
          vipPrice: deal.vipPrice === null ? null : gbp(deal.vipPrice),
          vipHeadlinePrice: deal.vipPrice === null ? null : gbp(deal.vipPrice),
        }),
      }),
    );
  });
  return screen.getByTestId('price');
}

describe('DealPrice: the VIP price', () => {
  it('a non-member reads "VIP price £x" after the price, and where to join', async () => {
    const box = await renderPrice({ priceDisplay: 'SHOW_VIP_DISCOUNT_PRICE', price: 2000, vipPrice: 1800 }, { joinLink: true });
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Join VIP' })).toHaveAttribute('href', '/deals/vip'));
    // Read in order: the price, what it was, then the VIP price.
    expect(box.textContent).toMatch(/now £20 was £30.*VIP price £18 for VIP members · Join VIP$/);
    expect(box).not.toHaveTextContent('Your VIP price');
  });

  it('no VIP line when the mode does not ask for it, when there is no VIP option, or when the VIP saving is over 10%', async () => {
    expect(await renderPrice({ priceDisplay: 'SHOW_DISCOUNT', price: 2000, vipPrice: 1800 })).not.toHaveTextContent('VIP');
    expect(await renderPrice({ priceDisplay: 'SHOW_VIP_DISCOUNT_PRICE', price: 2000, vipPrice: null })).not.toHaveTextContent('VIP');
    expect(await renderPrice({ priceDisplay: 'SHOW_VIP_DISCOUNT_PRICE', price: 2000, vipPrice: 1700 })).not.toHaveTextContent('VIP');
  });

  it('the VIP lists show it whatever the mode; a card has no link of its own', async () => {
    const box = await renderPrice({ priceDisplay: 'SHOW_DISCOUNT', price: 2000, vipPrice: 1900 }, { vip: true });
    expect(box).toHaveTextContent('VIP price £19');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a VIP member reads "Your VIP price £x", with no invitation to join', async () => {
    viewer = { id: 'VXNlcjox', name: 'Morag', vipUser: true };
    act(() => refreshAuth());
    const box = await renderPrice({ priceDisplay: 'SHOW_VIP_DISCOUNT_PRICE', price: 2000, vipPrice: 1800 }, { joinLink: true });
    await vi.waitFor(() => expect(box).toHaveTextContent('Your VIP price £18'));
    expect(screen.queryByRole('link', { name: 'Join VIP' })).toBeNull();
  });
});
