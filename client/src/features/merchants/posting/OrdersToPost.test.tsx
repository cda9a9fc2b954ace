/**
 * "Orders to post" (issue 17 point 5) against relay-test-utils' mock environment, rendered as the
 * /insights/orders page: the query asks for the chosen business; an order shows its delivery
 * address (copyable) and a form; submitting it empty names both fields; a tracking reference the
 * shop refuses is shown on its field; marked sent, the page announces it and reads the lists again
 * (now "Nothing to post"); a return on its way is marked received; the sent table lists the carrier.
 * "Download CSV" hands over the orders to post with their addresses, one row per unit, and the
 * orders sent with carrier and tracking (text that would run as a formula guarded); an empty list
 * offers no CSV.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { londonDate } from '@shop/domain/london-time';
import { Component as OrdersPage } from '../../../routes/insights/OrdersPage.tsx';
import { catchDownload } from '../test/csv-download.ts';
import { answerMutation, answerQuery as answerOperation, renderInsightsSection } from '../test/insights-page.tsx';

const BUSINESS = 'TWVyY2hhbnRCdXNpbmVzczoy';
const UNIT = '6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60';
const RETURNED = '7a1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f61';
const ADDRESS = { name: 'Morag Campbell', line1: '21 Byres Road', line2: null, town: 'Glasgow', county: null, postcode: 'G11 5RD' };

const renderOrders = () => renderInsightsSection('orders', <OrdersPage />, 'Loading orders…', BUSINESS);
type Env = ReturnType<typeof renderOrders>['environment'];

const edges = (nodes: object[]) => nodes.map((node, i) => ({ cursor: `c${i}`, node }));
const toPost = { voucherId: UNIT, orderNumber: '100123', optionTitle: 'Wool throw, heather', lineQuantity: 2, paidAt: '2026-11-20T10:00:00.000Z', deliverTo: ADDRESS };
const onItsWay = { voucherId: RETURNED, orderNumber: '100099', optionTitle: 'Oak board', reason: 'Damaged or faulty', note: null, carrier: 'Thistle Deals Returns (tracked)', trackingNumber: 'TDR-1234-5678-9012', requestedAt: '2026-11-18T10:00:00.000Z' };
const sent = { voucherId: RETURNED, orderNumber: '100099', optionTitle: 'Oak board', status: 'Return in Transit', sent: { carrier: 'DPD', trackingReference: '15501234567890', sentAt: '2026-11-15T10:00:00.000Z' } };

const answerQuery = (environment: Env, lists: { toPost: object[]; returns: object[]; sent: object[] }) =>
  answerOperation(environment, 'OrdersPageQuery', { businessId: BUSINESS }, {
    MerchantBusiness: () => ({
      name: 'The Bothy Shop',
      ordersToPost: { edges: edges(lists.toPost), pageInfo: { hasNextPage: false } },
      returnsOnTheirWay: { edges: edges(lists.returns) },
      sentOrders: { edges: edges(lists.sent) },
    }),
  });

afterEach(() => vi.restoreAllMocks());

describe('Orders to post', () => {
  it('shows each order with its address, names the missing fields, marks it sent and reads the lists again', async () => {
    const { environment, user } = renderOrders();
    expect(screen.getByText('Loading orders…')).toBeInTheDocument();
    await answerQuery(environment, { toPost: [toPost], returns: [], sent: [] });
    const list = screen.getByRole('region', { name: 'Waiting to be posted' });
    expect(within(list).getByRole('heading', { level: 3, name: 'Order 100123: Wool throw, heather' })).toBeInTheDocument();
    expect(within(list).getByText(/one of 2 units in this order/)).toBeInTheDocument();
    const address = within(list).getByRole('group', { name: 'Delivery address for order 100123' });
    expect(address).toHaveTextContent('Morag Campbell21 Byres RoadGlasgowG11 5RD');

    // Copy: the address one line each.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(list).getByRole('button', { name: 'Copy address for order 100123' }));
    expect(writeText).toHaveBeenCalledWith('Morag Campbell\n21 Byres Road\nGlasgow\nG11 5RD');
    expect(within(list).getByText('Address copied.')).toBeInTheDocument();

    const form = within(list).getByRole('form', { name: 'Mark order 100123 as sent' });
    await user.click(within(form).getByRole('button', { name: 'Mark as sent' }));
    const summary = within(form).getByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Carrier: Choose the carrier.' })).toHaveAttribute('href', `#field-carrier-${UNIT}`);
    expect(within(summary).getByRole('link', { name: 'Tracking reference: Enter the tracking reference.' })).toHaveAttribute('href', `#field-trackingReference-${UNIT}`);

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Carrier' }), 'Royal Mail');
    await user.type(within(form).getByRole('textbox', { name: /Tracking reference/ }), 'JD0146 0000 1234');
    await user.click(within(form).getByRole('button', { name: 'Mark as sent' }));
    // The shop refuses it: the message is shown on its field.
    expect(await answerMutation(environment, 'MarkSentFormMutation', 'markVoucherSent', { __typename: 'PostingError', __isUserError: 'PostingError', code: 'VOUCHER_ALREADY_SENT', message: 'This order was already marked sent on 20 November 2026 by DPD, tracking 155.', field: 'trackingReference' })).toEqual({
      businessId: BUSINESS,
      voucherId: UNIT,
      carrier: 'ROYAL_MAIL',
      trackingReference: 'JD0146 0000 1234',
    });
    expect(within(form).getByRole('textbox', { name: /Tracking reference/ })).toHaveAccessibleDescription(expect.stringContaining('This order was already marked sent on 20 November 2026 by DPD'));

    await user.click(within(form).getByRole('button', { name: 'Mark as sent' }));
    await answerMutation(environment, 'MarkSentFormMutation', 'markVoucherSent', { __typename: 'VoucherMarkedSent', order: { orderNumber: '100123', sent: { carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234' } } });
    expect(screen.getByText('Order 100123 marked sent by Royal Mail, tracking JD0146 0000 1234.')).toBeInTheDocument();
    await answerQuery(environment, { toPost: [], returns: [], sent: [{ ...sent, voucherId: UNIT, orderNumber: '100123', status: 'Ready to Redeem', sent: { carrier: 'Royal Mail', trackingReference: 'JD0146 0000 1234', sentAt: '2026-11-21T10:00:00.000Z' } }] });
    expect(screen.getByText(/^Nothing to post\./)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Recently sent' })).getByRole('row', { name: /100123/ })).toHaveTextContent('Royal Mail, JD0146 0000 1234');
    expect(screen.getByText('No returns on their way.')).toBeInTheDocument();
  });

  it('downloads the orders to post with their addresses, and the orders sent with carrier and tracking, as CSVs', async () => {
    const { environment, user } = renderOrders();
    const second = { ...toPost, voucherId: RETURNED, orderNumber: '100124', optionTitle: 'Oak board, "large"', lineQuantity: 1, paidAt: '2026-11-21T09:30:00.000Z', deliverTo: { name: '@Ewan Ross', line1: 'Flat 2/1', line2: '14 Hyndland Road', town: 'Glasgow', county: 'Lanarkshire', postcode: 'G12 9UP' } };
    const noAddress = { ...toPost, voucherId: '8b1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f62', orderNumber: '100125', lineQuantity: 1, deliverTo: null };
    await answerQuery(environment, { toPost: [toPost, second, noAddress], returns: [], sent: [sent] });
    const file = catchDownload();
    const today = londonDate(new Date());

    const button = within(screen.getByRole('region', { name: 'Waiting to be posted' })).getByRole('button', { name: 'Download CSV of orders waiting to be posted' });
    // A real button: keyboard operable.
    button.focus();
    await user.keyboard('{Enter}');
    expect(file.name).toBe(`orders-to-post-the-bothy-shop-${today}.csv`);
    expect(file.blob!.type).toBe('text/csv;charset=utf-8');
    expect((await file.blob!.text()).split('\r\n')).toEqual([
      'order_number,paid_at,item,units_in_order,delivery_name,address_line_1,address_line_2,town,county,postcode',
      '100123,2026-11-20T10:00:00.000Z,"Wool throw, heather",2,Morag Campbell,21 Byres Road,,Glasgow,,G11 5RD',
      `100124,2026-11-21T09:30:00.000Z,"Oak board, ""large""",1,'@Ewan Ross,Flat 2/1,14 Hyndland Road,Glasgow,Lanarkshire,G12 9UP`,
      '100125,2026-11-20T10:00:00.000Z,"Wool throw, heather",1,,,,,,',
      '',
    ]);

    await user.click(within(screen.getByRole('region', { name: 'Recently sent' })).getByRole('button', { name: 'Download CSV of orders sent' }));
    expect(file.name).toBe(`orders-sent-the-bothy-shop-${today}.csv`);
    expect((await file.blob!.text()).split('\r\n')).toEqual(['order_number,item,sent_at,carrier,tracking_reference,status_now', '100099,Oak board,2026-11-15T10:00:00.000Z,DPD,15501234567890,Return in Transit', '']);
  });

  it('offers no CSV of an empty list', async () => {
    const { environment } = renderOrders();
    await answerQuery(environment, { toPost: [], returns: [onItsWay], sent: [] });
    expect(screen.getByText(/^Nothing to post\./)).toBeInTheDocument();
    expect(screen.getByText('Nothing sent yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).not.toBeInTheDocument();
  });

  it('marks a return on its way received, and says why when the shop refuses', async () => {
    const { environment, user } = renderOrders();
    await answerQuery(environment, { toPost: [], returns: [onItsWay], sent: [sent] });
    const returns = screen.getByRole('region', { name: 'Returns on their way' });
    expect(within(returns).getByText(/Damaged or faulty/)).toBeInTheDocument();
    expect(within(returns).getByText('TDR-1234-5678-9012')).toBeInTheDocument();
    const button = within(returns).getByRole('button', { name: 'Mark return received for order 100099' });
    await user.click(button);
    await answerMutation(environment, 'ReturnsOnTheirWayMutation', 'markReturnReceived', { __typename: 'PostingError', __isUserError: 'PostingError', code: 'VOUCHER_NOT_RETURNABLE', message: 'This return cannot be marked received: its status is Return Requested.', field: 'voucherId' });
    expect(within(returns).getByRole('alert')).toHaveTextContent('This return cannot be marked received: its status is Return Requested.');
    await user.click(button);
    expect(await answerMutation(environment, 'ReturnsOnTheirWayMutation', 'markReturnReceived', { __typename: 'ReturnMarkedReceived', status: 'Refunded' })).toEqual({ businessId: BUSINESS, voucherId: RETURNED });
    expect(screen.getByText('Return of order 100099 received: the shopper has been refunded.')).toBeInTheDocument();
    await answerQuery(environment, { toPost: [], returns: [], sent: [{ ...sent, status: 'Refunded' }] });
    expect(screen.getByText('No returns on their way.')).toBeInTheDocument();
  });
});
