/**
 * The Sales section of the merchant dashboard (issue 17 point 2) against relay-test-utils' mock
 * environment, rendered as the /insights index page: the query asks for the chosen business and
 * the last 30 London days; the totals, the table by day (every day, newest first) and the table
 * per deal and option show the figures; "Download CSV" hands over a file with a header and one row
 * per deal, option and day, pounds with 2 decimals; the period picker asks again for 7 days; an
 * empty period says "No sales in this period" and offers no CSV; recent redemptions are listed.
 */
import { screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { renderRoutes } from '../../../test/render-page.tsx';
import { Component as SalesPage } from '../../../routes/insights/SalesPage.tsx';
import { csvField } from '../csv.ts';
import { salesCsv, poundsOf } from './sales-csv.ts';
import { catchDownload } from '../test/csv-download.ts';
import { answerQuery } from '../test/insights-page.tsx';

const BUSINESS = 'TWVyY2hhbnRCdXNpbmVzczoy';
const today = londonDate(new Date());
const yesterday = addDaysToDate(today, -1);
const from30 = addDaysToDate(today, -29);
const zeros = { sold: 0, redeemed: 0, refunded: 0, expired: 0 };
const gbp = (amount: number) => ({ amount, currency: 'GBP', formatted: `£${(amount / 100).toFixed(2)}` });

function salesOf(from: string, withSales: boolean) {
  const days: Array<{ date: string } & typeof zeros> = [];
  for (let d = from; d <= today; d = addDaysToDate(d, 1)) days.push({ date: d, ...zeros });
  if (!withSales) return { __typename: 'MerchantSales', from, to: today, totals: zeros, soldValue: gbp(0), days, options: [] };
  days.at(-2)!.sold = 2;
  days.at(-1)!.sold = 3;
  days.at(-1)!.redeemed = 1;
  return {
    __typename: 'MerchantSales',
    from,
    to: today,
    totals: { sold: 5, redeemed: 1, refunded: 0, expired: 0 },
    soldValue: gbp(9_500),
    days,
    options: [
      {
        dealId: 12,
        dealTitle: 'Afternoon tea at the Willow',
        optionId: 120,
        title: 'Tea for two',
        totals: { sold: 4, redeemed: 1, refunded: 0, expired: 0 },
        soldValue: gbp(6_000),
        days: [
          { date: yesterday, ...zeros, sold: 2, soldValue: gbp(3_000) },
          { date: today, ...zeros, sold: 2, redeemed: 1, soldValue: gbp(3_000) },
        ],
      },
      {
        dealId: 12,
        dealTitle: 'Afternoon tea at the Willow',
        optionId: 121,
        title: 'Tea for four, "with fizz"',
        totals: { sold: 1, redeemed: 0, refunded: 0, expired: 0 },
        soldValue: gbp(3_500),
        days: [{ date: today, ...zeros, sold: 1, soldValue: gbp(3_500) }],
      },
    ],
  };
}

/** The page's "Upcoming deals" panel asks too (issue 19 point 6): answered at once with none, so the sales query is the one the tests answer. */
function withNoUpcomingDeals() {
  const environment = createMockEnvironment();
  environment.mock.queueOperationResolver((op: OperationDescriptor) =>
    op.request.node.operation.name === 'UpcomingDealsQuery' ? (MockPayloadGenerator.generate(op, { MerchantBusiness: () => ({ upcomingDeals: [] }) }) as never) : null,
  );
  return environment;
}

const renderSales = () =>
  renderRoutes([{ path: '/insights', element: <Outlet context={{ businessId: BUSINESS }} />, children: [{ index: true, element: <SalesPage /> }] }], '/insights', withNoUpcomingDeals());

const answer = (environment: ReturnType<typeof renderSales>['environment'], from: string, withSales: boolean, redemptions: object[] = []) =>
  answerQuery(environment, 'SalesPageQuery', { businessId: BUSINESS, from, to: today }, {
    MerchantBusiness: () => ({ name: 'The Willow Tearooms' }),
    MerchantSales: () => salesOf(from, withSales),
    MerchantAccount: () => ({ recentRedemptions: redemptions }),
  });
const cells = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

afterEach(() => vi.restoreAllMocks());

describe('Sales dashboard', () => {
  it('shows the totals, the days and the options of the last 30 days, and downloads them as CSV', async () => {
    const { environment, user } = renderSales();
    expect(screen.getByRole('status')).toHaveTextContent('Loading sales…');
    await answer(environment, from30, true, [{ channel: 'TYPED', code: 'K7QZ2M-9TXB4R-WC3HDN', result: 'REDEEMED', at: new Date().toISOString() }]);

    const totals = screen.getByLabelText('Totals for the period');
    expect(within(totals).getAllByRole('definition').map((d) => d.textContent)).toEqual(['5£95.00 paid', '1', '0', '0']);

    const byDay = screen.getByRole('table', { name: 'Sales by day, newest first' });
    const dayRows = cells(byDay);
    expect(dayRows[0]).toEqual(['Day', 'Sold', 'Redeemed', 'Refunded', 'Expired']);
    expect(dayRows).toHaveLength(31);
    expect(dayRows[1]!.slice(1)).toEqual(['3', '1', '0', '0']);
    expect(dayRows[2]!.slice(1)).toEqual(['2', '0', '0', '0']);
    expect(dayRows[30]!.slice(1)).toEqual(['0', '0', '0', '0']);
    // The chart is a picture for sighted users only; the table is its equivalent.
    expect(document.querySelector('.sales-chart__plot')).toHaveAttribute('aria-hidden', 'true');

    expect(cells(screen.getByRole('table', { name: 'By deal and option' }))).toEqual([
      ['Deal', 'Option', 'Sold', 'Redeemed', 'Refunded', 'Expired', 'Paid'],
      ['Afternoon tea at the Willow', 'Tea for two', '4', '1', '0', '0', '£60.00'],
      ['Afternoon tea at the Willow', 'Tea for four, "with fizz"', '1', '0', '0', '0', '£35.00'],
      ['Total', '5', '1', '0', '0', '£95.00'],
    ]);

    const recent = screen.getByRole('region', { name: 'Table of recent redemptions' });
    expect(cells(within(recent).getByRole('table')).slice(1).map((r) => r.slice(1))).toEqual([['K7QZ2M-9TXB4R-WC3HDN', 'Typed', 'Redeemed']]);

    const file = catchDownload();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(file.name).toBe(`sales-the-willow-tearooms-${from30}-to-${today}.csv`);
    expect(file.blob!.type).toBe('text/csv;charset=utf-8');
    expect((await file.blob!.text()).split('\r\n')).toEqual([
      'date,deal_id,deal,option_id,option,sold,redeemed,refunded,expired,sold_value_pounds,currency',
      `${yesterday},12,Afternoon tea at the Willow,120,Tea for two,2,0,0,0,30.00,GBP`,
      `${today},12,Afternoon tea at the Willow,120,Tea for two,2,1,0,0,30.00,GBP`,
      `${today},12,Afternoon tea at the Willow,121,"Tea for four, ""with fizz""",1,0,0,0,35.00,GBP`,
      '',
    ]);
  });

  it('asks again for the last 7 days when chosen; an empty period says so and offers no CSV', async () => {
    const { environment, user, router } = renderSales();
    await answer(environment, from30, false);
    expect(screen.getByRole('heading', { name: 'No sales in this period' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText(/No redemptions yet/)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(router.state.location.search).toBe('?period=7');
    await answer(environment, addDaysToDate(today, -6), true);
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    expect(cells(screen.getByRole('table', { name: 'Sales by day, newest first' }))).toHaveLength(8);
  });
});

describe('sales CSV', () => {
  it('writes pence as pounds and quotes, and defuses formulas in titles', () => {
    expect([0, 5, 99, 100, 123_456, -5].map(poundsOf)).toEqual(['0.00', '0.05', '0.99', '1.00', '1234.56', '-0.05']);
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('-2 for 1')).toBe("'-2 for 1");
    expect(csvField(-3)).toBe('-3');
    expect(salesCsv({ from: today, to: today, options: [] })).toBe('date,deal_id,deal,option_id,option,sold,redeemed,refunded,expired,sold_value_pounds,currency\r\n');
  });
});
