/**
 * The merchant's Bookings section (issue 17 point 4) against relay-test-utils' mock environment,
 * rendered as the /insights/bookings page: the query asks for the chosen business; upcoming
 * bookings by day with Confirm for one waiting (confirmed, the page announces it and reads itself
 * again); the capacity editor of a bookable deal: seven weekdays, a bad number named on its field
 * before anything is sent, a date exception added, saved with what was typed, and the shop's
 * refusal of a field shown on it. "Download CSV" hands over the bookings listed, one row each, as
 * the list shows them (text that would run as a formula guarded); nothing booked offers no CSV.
 * Nothing booked and no bookable deal say so.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { londonDate } from '@shop/domain/london-time';
import { Component as BookingsPage } from '../../../routes/insights/BookingsPage.tsx';
import { catchDownload } from '../test/csv-download.ts';
import { answerMutation, answerQuery as answerOperation, renderInsightsSection } from '../test/insights-page.tsx';

const BUSINESS = 'TWVyY2hhbnRCdXNpbmVzczoy';
const DEAL_ID = 'RGVhbDo3';
const BOOKING = { id: '6f1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f60', date: '2026-12-05', status: 'REQUESTED', optionTitle: 'Spa day for two', orderNumber: 'TD100123', recipientName: null, voucherStatus: 'Booked' };
const BOOKABLE = { deal: { id: DEAL_ID, dealId: 7, title: 'Spa day at the Willow' }, capacity: { weekly: [2, 2, 2, 2, 4, 6, 0], exceptions: [{ date: '2026-12-25', places: 0 }], changeHours: 24 } };

const renderBookings = () => renderInsightsSection('bookings', <BookingsPage />, 'Loading bookings…', BUSINESS);
type Env = ReturnType<typeof renderBookings>['environment'];

const answerQuery = (environment: Env, page: { bookings: object[]; bookableDeals: object[] }) =>
  answerOperation(environment, 'BookingsPageQuery', { businessId: BUSINESS }, {
    MerchantBusiness: () => ({ name: 'The Willow Spa', bookings: { edges: page.bookings.map((node, i) => ({ cursor: `c${i}`, node })), pageInfo: { hasNextPage: false } }, bookableDeals: page.bookableDeals }),
  });

afterEach(() => vi.restoreAllMocks());

describe('Bookings', () => {
  it('lists upcoming bookings by day and confirms one, then reads the page again', async () => {
    const { environment, user } = renderBookings();
    expect(screen.getByText('Loading bookings…')).toBeInTheDocument();
    await answerQuery(environment, { bookings: [BOOKING], bookableDeals: [BOOKABLE] });
    const upcoming = screen.getByRole('region', { name: 'Upcoming bookings' });
    const row = within(upcoming).getByRole('row', { name: /Saturday 5 December 2026/ });
    expect(row).toHaveTextContent('Spa day for two');
    expect(row).toHaveTextContent('TD100123');
    expect(row).toHaveTextContent('Waiting for you');
    await user.click(within(row).getByRole('button', { name: 'Confirm the booking for Saturday 5 December 2026, order TD100123' }));
    const input = await answerMutation(environment, 'UpcomingBookingsConfirmMutation', 'confirmBooking', { __typename: 'BookingConfirmed', booking: { ...BOOKING, status: 'CONFIRMED', confirmedAt: '2026-11-27T10:00:00.000Z' } });
    expect(input).toEqual({ businessId: BUSINESS, bookingId: BOOKING.id });
    expect(screen.getByText('Booking for Saturday 5 December 2026 (order TD100123) confirmed.')).toBeInTheDocument();
    await answerQuery(environment, { bookings: [{ ...BOOKING, status: 'CONFIRMED' }], bookableDeals: [BOOKABLE] });
    expect(within(screen.getByRole('region', { name: 'Upcoming bookings' })).getByText('Confirmed')).toBeInTheDocument();
  });

  it('downloads the bookings listed as a CSV, one row each as the list shows it', async () => {
    const { environment, user } = renderBookings();
    const gift = { ...BOOKING, id: '7a1c2a4e-0d3b-4c5e-9f7a-1b2c3d4e5f61', date: '2026-12-06', status: 'CONFIRMED', optionTitle: 'Spa day, "deluxe"', orderNumber: 'TD100124', recipientName: '=Morag Campbell', voucherStatus: 'Redeemed' };
    await answerQuery(environment, { bookings: [BOOKING, gift], bookableDeals: [] });
    const file = catchDownload();
    const button = within(screen.getByRole('region', { name: 'Upcoming bookings' })).getByRole('button', { name: 'Download CSV of upcoming bookings' });
    // A real button: keyboard operable.
    button.focus();
    await user.keyboard('{Enter}');
    expect(file.name).toBe(`bookings-the-willow-spa-${londonDate(new Date())}.csv`);
    expect(file.blob!.type).toBe('text/csv;charset=utf-8');
    expect((await file.blob!.text()).split('\r\n')).toEqual([
      'date,option,order_number,for,status,voucher_status',
      '2026-12-05,Spa day for two,TD100123,,Waiting for you,Booked',
      `2026-12-06,"Spa day, ""deluxe""",TD100124,'=Morag Campbell,Confirmed,Redeemed`,
      '',
    ]);
  });

  it('edits a deal\'s capacity: a bad number is named on its field, an exception is added, the shop\'s refusal is shown on its field', async () => {
    const { environment, user } = renderBookings();
    await answerQuery(environment, { bookings: [], bookableDeals: [BOOKABLE] });
    expect(screen.getByText(/No bookings yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download CSV/ })).not.toBeInTheDocument();
    const editor = screen.getByRole('region', { name: 'Spa day at the Willow' });
    const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => within(editor).getByRole('spinbutton', { name: d }));
    expect(days.map((d) => (d as HTMLInputElement).value)).toEqual(['2', '2', '2', '2', '4', '6', '0']);
    expect(within(editor).getByRole('spinbutton', { name: 'Friday 25 December 2026' })).toHaveValue(0);

    await user.clear(days[6]!);
    await user.type(days[6]!, '2.5');
    await user.click(within(editor).getByRole('button', { name: 'Save capacity for Spa day at the Willow' }));
    expect(days[6]).toHaveAttribute('aria-invalid', 'true');
    expect(within(editor).getAllByText('Enter a whole number of places from 0 to 10,000.').length).toBeGreaterThan(0);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.clear(days[6]!);
    await user.type(days[6]!, '3');
    await user.type(within(editor).getByLabelText('Date'), '2026-12-31');
    const places = within(editor).getByRole('spinbutton', { name: 'Places that day' });
    await user.clear(places);
    await user.type(places, '1');
    await user.click(within(editor).getByRole('button', { name: 'Add date' }));
    expect(within(editor).getByRole('spinbutton', { name: 'Thursday 31 December 2026' })).toHaveValue(1);
    await user.click(within(editor).getByRole('button', { name: 'Remove Friday 25 December 2026' }));

    await user.click(within(editor).getByRole('button', { name: 'Save capacity for Spa day at the Willow' }));
    const input = await answerMutation(environment, 'CapacityEditorMutation', 'setDealCapacity', { __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'Enter a whole number of places from 0 to 10,000.', field: 'weekly.2' });
    expect(input).toEqual({ businessId: BUSINESS, dealId: DEAL_ID, weekly: [2, 2, 2, 2, 4, 6, 3], exceptions: [{ date: '2026-12-31', places: 1 }], changeHours: 24 });
    expect(days[2]).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(editor).getByRole('button', { name: 'Save capacity for Spa day at the Willow' }));
    await answerMutation(environment, 'CapacityEditorMutation', 'setDealCapacity', { __typename: 'DealCapacitySet', bookableDeal: { capacity: { changeHours: 24 } } });
    expect(screen.getByText('Capacity saved for Spa day at the Willow.')).toBeInTheDocument();
  });

  it('says when no deal of the business is booked on a calendar', async () => {
    const { environment } = renderBookings();
    await answerQuery(environment, { bookings: [], bookableDeals: [] });
    expect(screen.getByText("None of this business's deals is booked on a calendar, so there is no capacity to set.")).toBeInTheDocument();
  });
});
