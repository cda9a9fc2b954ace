/**
 * The Payouts section of the merchant dashboard (issue 17 point 6) against relay-test-utils' mock
 * environment, rendered as /insights/payouts: the query asks for the chosen business and this
 * week's Monday; this week's statement shows its totals and every line, with the CSV and PDF
 * download links the shop serves; the list of weeks shows each week's figures, and a week chosen
 * from it is asked for (?week=); a week with nothing in it says so and offers no file; a period
 * with no payouts at all shows the empty state.
 */
import { act, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { MockPayloadGenerator } from 'relay-test-utils';
import type { OperationDescriptor } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { londonWeekOf } from '@shop/domain/payouts';
import { renderRoutes } from '../../../test/render-page.tsx';
import { Component as PayoutsPage } from '../../../routes/insights/PayoutsPage.tsx';

const BUSINESS = 'TWVyY2hhbnRCdXNpbmVzczoy';
const monday = londonDate(londonWeekOf(new Date()).from);
const lastMonday = addDaysToDate(monday, -7);
const gbp = (amount: number) => ({ amount, currency: 'GBP', formatted: `${amount < 0 ? '-' : ''}£${(Math.abs(amount) / 100).toFixed(2)}` });
const totals = (vouchers: number, gross: number, commission: number, refunds = 0, refunded = 0) => ({
  vouchers,
  gross: gbp(gross),
  commission: gbp(commission),
  refunds,
  refunded: gbp(refunded),
  net: gbp(gross - commission - refunded),
});
const week = (start: string, t: ReturnType<typeof totals>, final: boolean) => ({
  startDate: start,
  endDate: addDaysToDate(start, 6),
  final,
  totals: t,
  csvUrl: `/insights/payouts/2/payout-statement-${start}.csv`,
  pdfUrl: `/insights/payouts/2/payout-statement-${start}.pdf`,
});
const LINES = [
  { code: 'K7QZ2M-9TXB4R-WC3HDN', dealTitle: 'Afternoon tea at the Willow', title: 'Tea for two', kind: 'REDEEMED', at: `${monday}T11:05:00.000Z`, commissionRate: '25%', paid: gbp(2999), commission: gbp(750), net: gbp(2249) },
  { code: 'P4RT9X-2WQ8ZC-MN6HJD', dealTitle: 'Tartan scarf', title: 'One scarf', kind: 'CLAWBACK', at: `${monday}T15:00:00.000Z`, commissionRate: '12.5%', paid: gbp(-1999), commission: gbp(-250), net: gbp(-1749) },
];

const renderPayouts = (path = '/insights/payouts') =>
  renderRoutes([{ path: '/insights', element: <Outlet context={{ businessId: BUSINESS }} />, children: [{ path: 'payouts', element: <PayoutsPage /> }] }], path);

async function answer(environment: ReturnType<typeof renderPayouts>['environment'], weekAsked: string, statement: object, weeks: object[]) {
  const operation = environment.mock.getMostRecentOperation();
  expect(operation.request.node.operation.name).toBe('PayoutsPageQuery');
  expect(operation.request.variables).toEqual({ businessId: BUSINESS, week: weekAsked });
  await act(async () => {
    environment.mock.resolveMostRecentOperation((op: OperationDescriptor) =>
      MockPayloadGenerator.generate(op, {
        MerchantBusiness: () => ({ payoutStatements: weeks }),
        PayoutStatement: () => statement,
      }),
    );
  });
}
const cells = (table: HTMLElement) => within(table).getAllByRole('row').map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('Payouts', () => {
  it("shows this week's statement with its lines and downloads, and the list of weeks; a week chosen is asked for", async () => {
    const { environment, user, router } = renderPayouts();
    expect(screen.getByRole('status')).toHaveTextContent('Loading payouts…');
    const thisWeek = week(monday, totals(1, 2999, 750, 1, 1749), false);
    const previous = week(lastMonday, totals(3, 6000, 1500), true);
    await answer(environment, monday, { ...thisWeek, lines: LINES }, [thisWeek, previous]);

    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    const detail = screen.getByRole('region', { name: /^Statement for / });
    expect(within(detail).getByText('This week is not over yet: its statement grows until Monday.')).toBeInTheDocument();
    const sums = within(detail).getByLabelText(/^Totals for /);
    expect(within(sums).getAllByRole('definition').map((d) => d.textContent)).toEqual(['1', '£29.99', '−£7.50', '−£17.49', '£5.00']);
    const lines = cells(within(detail).getByRole('table', { name: /^Lines of the statement/ }));
    expect(lines[0]).toEqual(['When', 'Voucher', 'Deal and option', 'What', 'Paid', 'Commission', 'Net']);
    expect(lines[1]!.slice(1)).toEqual(['K7QZ2M-9TXB4R-WC3HDN', 'Afternoon tea at the Willow: Tea for two', 'Redeemed', '£29.99', '£7.50 (25%)', '£22.49']);
    expect(lines[2]!.slice(1)).toEqual(['P4RT9X-2WQ8ZC-MN6HJD', 'Tartan scarf: One scarf', 'Refunded (taken back)', '-£19.99', '-£2.50 (12.5%)', '-£17.49']);
    expect(within(detail).getByRole('link', { name: /^Download CSV/ })).toHaveAttribute('href', `/insights/payouts/2/payout-statement-${monday}.csv`);
    expect(within(detail).getByRole('link', { name: /^Download PDF/ })).toHaveAttribute('href', `/insights/payouts/2/payout-statement-${monday}.pdf`);

    const list = cells(screen.getByRole('table', { name: 'Weekly statements, newest first' }));
    expect(list[0]).toEqual(['Week', 'Vouchers', 'Gross', 'Commission', 'Refunds', 'Net payable']);
    expect(list[1]!.slice(1)).toEqual(['1', '£29.99', '£7.50', '1 (−£17.49)', '£5.00']);
    expect(list[1]![0]).toContain('In progress');
    expect(list[2]!.slice(1)).toEqual(['3', '£60.00', '£15.00', '0', '£45.00']);

    await user.click(screen.getByRole('link', { name: new RegExp(`^${Number(lastMonday.slice(8))} `) }));
    expect(router.state.location.search).toBe(`?week=${lastMonday}`);
    await answer(environment, lastMonday, { ...previous, lines: [] }, [thisWeek, previous]);
    expect(within(screen.getByLabelText(/^Totals for /)).getAllByRole('definition').map((d) => d.textContent)).toEqual(['3', '£60.00', '−£15.00', '£0.00', '£45.00']);
    expect(screen.getByText('No vouchers were redeemed, sent or refunded this week.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Download CSV/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { current: true })).toHaveTextContent(String(Number(lastMonday.slice(8))));
  });

  it('no payouts at all: the empty state', async () => {
    const { environment } = renderPayouts();
    const empty = [week(monday, totals(0, 0, 0), false), week(lastMonday, totals(0, 0, 0), true)];
    await answer(environment, monday, { ...empty[0], lines: [] }, empty);
    expect(screen.getByText(/^No payouts yet: nothing was redeemed, sent or refunded in the last 2 weeks/)).toBeInTheDocument();
  });
});
