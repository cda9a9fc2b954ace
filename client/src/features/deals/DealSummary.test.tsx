/**
 * The buy box of a bookable deal whose sales are paused (issue 17 point 4), against relay-test-utils'
 * mock environment: no buy form, the shop's words instead; a deal that sells shows its options.
 */
import { Suspense } from 'react';
import { act, screen } from '@testing-library/react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { BOOKINGS_PAUSED_MESSAGE } from '@shop/domain/voucher-status';
import { renderRoutes } from '../../test/render-page.tsx';
import { DealSummary } from './DealSummary.tsx';
import type { DealSummaryTestQuery } from '../../__generated__/DealSummaryTestQuery.graphql';

const query = graphql`
  query DealSummaryTestQuery @relay_test_operation {
    deal(dealId: "7") {
      ...DealSummary_deal
    }
  }
`;

function BuyBox() {
  const data = useLazyLoadQuery<DealSummaryTestQuery>(query, {});
  return data.deal ? <DealSummary deal={data.deal} /> : null;
}

async function renderBuyBox(bookingAvailability: { paused: boolean; message: string | null } | null) {
  const { environment } = renderRoutes(
    [
      {
        path: '/deal',
        element: (
          <Suspense fallback={<p>Loading</p>}>
            <BuyBox />
          </Suspense>
        ),
      },
    ],
    '/deal',
  );
  await act(async () => {
    environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
      MockPayloadGenerator.generate(op, { Deal: () => ({ closingDate: null, soldCount: 0, bookingAvailability, products: [] }) }),
    );
  });
  return screen.getByRole('complementary', { name: 'Prices and options' });
}

describe('DealSummary', () => {
  it('a bookable deal whose places are all spoken for says so and offers no buy form', async () => {
    const box = await renderBuyBox({ paused: true, message: BOOKINGS_PAUSED_MESSAGE });
    expect(box).toHaveTextContent(BOOKINGS_PAUSED_MESSAGE);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /basket|buy/i })).toBeNull();
  });

  it('a deal that sells has no such words', async () => {
    const box = await renderBuyBox(null);
    expect(box).not.toHaveTextContent(BOOKINGS_PAUSED_MESSAGE);
  });
});
