/**
 * Booking a date from a voucher's card (issue 17 point 4), against relay-test-utils' mock
 * environment: "Book a date" only on a voucher of a deal on the merchant's calendar; the panel from
 * the keyboard (focus on its heading), a date required and one of the days with a place left; the
 * day chosen from the list; the answer's voucher updating the card (Booked, waiting for the
 * merchant); a full day refused on the date field in the shop's words; a booked voucher's change
 * and cancel offers until the merchant's deadline, and none after it.
 */
import { within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerMutation, pendingInput, renderVoucher, VOUCHER_ID, voucherData } from '../test/render-voucher.tsx';
import { BOOKING_WORDS } from './booking-words.ts';

const OPTIONS = {
  firstDate: '2026-11-28',
  lastDate: '2027-02-20',
  availableDates: [
    { date: '2026-11-28', placesLeft: 2 },
    { date: '2026-12-05', placesLeft: 1 },
  ],
  changeHours: 24,
};
const bookable = (overrides: Record<string, unknown> = {}) => voucherData({ bookingOptions: OPTIONS, ...overrides });
const booked = (status: 'REQUESTED' | 'CONFIRMED', changeable = true) =>
  bookable({
    status: 'Booked',
    statusCode: 'BOOKED',
    statusDescription: null,
    booking: { id: 'b1', date: '2026-12-05', status, changeable, changeableUntil: '2026-12-04T00:00:00.000Z' },
  });

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
});

describe('VoucherBooking', () => {
  it('is not offered for a voucher whose deal is not on a calendar', async () => {
    const { card } = await renderVoucher(voucherData());
    expect(within(card).queryByRole('button', { name: BOOKING_WORDS.book })).toBeNull();
  });

  it('from the keyboard: a date is required, then a listed day is booked and the card shows the booking', async () => {
    const { environment, user, card } = await renderVoucher(bookable());
    const open = within(card).getByRole('button', { name: BOOKING_WORDS.book });
    open.focus();
    await user.keyboard('{Enter}');
    const form = within(card).getByRole('form', { name: BOOKING_WORDS.bookTitle });
    expect(within(form).getByRole('heading', { name: BOOKING_WORDS.bookTitle })).toHaveFocus();
    const field = within(form).getByLabelText(BOOKING_WORDS.date);
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toHaveAttribute('min', '2026-11-28');
    expect(field).toHaveAttribute('max', '2027-02-20');
    expect(within(form).getByText(/You can change or cancel a booking online until 24 hours before the day\./)).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: BOOKING_WORDS.confirmBook }));
    expect(within(form).getAllByText(BOOKING_WORDS.chooseDate).length).toBeGreaterThan(0);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    const day = within(form).getByRole('button', { name: /Saturday 5 December 2026\s*1 place left/ });
    await user.click(day);
    expect(day).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveValue('2026-12-05');
    await user.click(within(form).getByRole('button', { name: BOOKING_WORDS.confirmBook }));
    expect(pendingInput(environment, 'BookingMutationsBookMutation')).toEqual({ voucherId: VOUCHER_ID, date: '2026-12-05' });

    await answerMutation(environment, 'bookVoucherDate', { __typename: 'VoucherBookingChanged', voucher: booked('REQUESTED') });
    expect(within(card).getByText('Booked for Saturday 5 December 2026')).toBeInTheDocument();
    expect(within(card).getByText(BOOKING_WORDS.requested)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: BOOKING_WORDS.move })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: BOOKING_WORDS.cancel })).toBeInTheDocument();
  });

  it('a day not listed is refused before sending; a full day the shop refuses is said on the date field', async () => {
    const { environment, user, card } = await renderVoucher(bookable());
    await user.click(within(card).getByRole('button', { name: BOOKING_WORDS.book }));
    const form = within(card).getByRole('form', { name: BOOKING_WORDS.bookTitle });
    const field = within(form).getByLabelText(BOOKING_WORDS.date);
    await user.type(field, '2026-12-01');
    await user.click(within(form).getByRole('button', { name: BOOKING_WORDS.confirmBook }));
    expect(within(form).getAllByText(BOOKING_WORDS.notAvailable).length).toBeGreaterThan(0);
    expect(environment.mock.getAllOperations()).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: /Saturday 28 November 2026/ }));
    await user.click(within(form).getByRole('button', { name: BOOKING_WORDS.confirmBook }));
    const message = '28 November 2026 is fully booked: choose another date.';
    await answerMutation(environment, 'bookVoucherDate', { __typename: 'BookingError', code: 'BOOKING_DATE_FULL', message, field: 'date' });
    expect(within(form).getAllByText(message).length).toBeGreaterThan(0);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('a confirmed booking: moved and cancelled until the deadline; after it, the merchant is to be contacted', async () => {
    const { environment, user, card } = await renderVoucher(booked('CONFIRMED'));
    expect(within(card).getByText(BOOKING_WORDS.confirmed)).toBeInTheDocument();
    expect(within(card).getByText('You can change or cancel it online until 4 December 2026 at 00:00.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: BOOKING_WORDS.cancel }));
    const panel = within(card).getByRole('region', { name: BOOKING_WORDS.cancelTitle });
    await user.click(within(panel).getByRole('button', { name: BOOKING_WORDS.confirmCancel }));
    expect(pendingInput(environment, 'BookingMutationsCancelMutation')).toEqual({ voucherId: VOUCHER_ID });
    await answerMutation(environment, 'cancelVoucherBooking', { __typename: 'VoucherBookingChanged', voucher: bookable() });
    expect(within(card).queryByText(/Booked for/)).toBeNull();
    expect(within(card).getByRole('button', { name: BOOKING_WORDS.book })).toBeInTheDocument();
  });

  it('past the deadline nothing can be changed online', async () => {
    const { card } = await renderVoucher(booked('REQUESTED', false));
    expect(within(card).getByText(BOOKING_WORDS.closed)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: BOOKING_WORDS.move })).toBeNull();
    expect(within(card).queryByRole('button', { name: BOOKING_WORDS.cancel })).toBeNull();
  });
});
