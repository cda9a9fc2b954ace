/**
 * Bookings against capacity through the shop's /graphql (issue 17 point 4), over the real services
 * on one fresh database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). Two bookable deals
 * of two businesses; a member of one:
 *
 * - sets its deal's capacity (setDealCapacity): bad places name the field; another business's deal
 *   is NotFoundError on dealId (Z); MerchantBusiness.bookableDeals shows it;
 * - a holder books a date from My Vouchers (Booked, REQUESTED), a full day is a BookingError on
 *   date, moves it, and another shopper naming that voucher gets NotFoundError (Z);
 * - the member lists the business's bookings and confirms one (CONFIRMED for the holder too);
 *   another business's booking is NotFoundError; a shopper has no business; the holder cancels;
 * - Deal.bookingAvailability: paused exactly when the vouchers sold and unused fill the places,
 *   with the deal page's words, and selling again once capacity is added.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- response data is asserted on, not typed */
import { testDatabases } from '@shop/platform/test-databases';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { BOOKINGS_PAUSED_MESSAGE } from '@shop/domain/voucher-status';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openMerchantShop } from '../../../test/merchant-shop.ts';
import type { Browser } from '../../test/accounts-services.ts';
import { toGlobalId } from '../../relay/global-id.ts';

const BUSINESS = `query($b: ID!) { viewer { merchant { business(id: $b) {
  bookableDeals { deal { dealId } capacity { weekly exceptions { date places } changeHours } }
  bookings(first: 10) { edges { cursor node { id date status dealId optionTitle orderNumber voucherStatus confirmedAt } } pageInfo { hasNextPage endCursor } }
} } } }`;
const SET = `mutation($i: SetDealCapacityInput!) { setDealCapacity(input: $i) { __typename
  ... on DealCapacitySet { bookableDeal { deal { dealId } capacity { weekly exceptions { date places } changeHours } } }
  ... on UserError { code message field } } }`;
const CONFIRM = `mutation($i: ConfirmBookingInput!) { confirmBooking(input: $i) { __typename ... on BookingConfirmed { booking { id status confirmedAt } } ... on UserError { code message field } } }`;
const VOUCHER_FIELDS = `{ id statusCode booking { id date status changeable changeableUntil } bookingOptions { firstDate lastDate availableDates { date placesLeft } changeHours } }`;
const BOOK = (name: string) => `mutation($i: ${name === 'cancelVoucherBooking' ? 'CancelVoucherBookingInput' : 'BookVoucherDateInput'}!) { ${name}(input: $i) { __typename
  ... on VoucherBookingChanged { voucher ${VOUCHER_FIELDS} }
  ... on UserError { code message field } } }`;
const MY_VOUCHERS = `{ viewer { vouchers(first: 20) { edges { node ${VOUCHER_FIELDS} } } } }`;
const AVAILABILITY = `query($d: ID!) { deal(dealId: $d) { bookingAvailability { paused message } } }`;

describe.each(testDatabases())('bookings through the shop on %s', (_name, open) => {
  let merchant: Browser;
  let holder: Browser;
  let shopper: Browser;
  let mine: { id: number; gid: string; dealId: number; productId: number };
  let theirs: { id: number; gid: string; dealId: number; productId: number };
  let myVouchers: { id: string }[];
  // London today as of each call (not of loading the file): a run that crosses midnight stays right.
  const day = (n: number) => addDaysToDate(londonDate(new Date()), n);

  // Bookable options anyone can buy now, of two different businesses.
  const where = sql`d.booking_calendar_on_redemption and d.delivery_type <> 'postal' and (p.purchase_cap is null or p.purchase_cap >= 5)`;
  openMerchantShop(open, { merchant: { firstName: 'Fiona', lastName: 'Booker' }, holder: { firstName: 'Morag', lastName: 'Campbell' }, where, vouchers: { mine: 2, theirs: 0 } }, (shop) => {
    ({ merchant, holder, shopper, myVouchers } = shop);
    mine = { ...shop.mine, ...shop.mine.option };
    theirs = { ...shop.theirs, ...shop.theirs.option };
  });

  const gql = async (b: Browser, query: string, variables?: Record<string, unknown>) => {
    const res = await b.gql(query, variables);
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const setCapacity = async (input: Record<string, unknown>, b: Browser = merchant) =>
    (await gql(b, SET, { i: { businessId: mine.gid, dealId: toGlobalId('Deal', mine.dealId), weekly: [1, 1, 1, 1, 1, 1, 1], exceptions: [], ...input } })).setDealCapacity;
  const act = async (name: string, input: Record<string, unknown>, b: Browser = holder) => (await gql(b, BOOK(name), { i: input }))[name];
  const availability = async () => (await gql(shopper, AVAILABILITY, { d: String(mine.dealId) })).deal.bookingAvailability;

  it('setDealCapacity: bad places name the field, another business\'s deal is not found, and the deal shows with its capacity', async () => {
    expect(await availability()).toBeNull();
    expect((await gql(merchant, BUSINESS, { b: mine.gid })).viewer.merchant.business.bookableDeals).toEqual([{ deal: { dealId: mine.dealId }, capacity: null }]);
    expect(await setCapacity({ weekly: [1, 1, 1] })).toMatchObject({ __typename: 'ValidationError', field: 'weekly' });
    expect(await setCapacity({ weekly: [1, 1, 1, 1, 1, 1, -1] })).toMatchObject({ __typename: 'ValidationError', field: 'weekly.6', message: 'Enter a whole number of places from 0 to 10,000.' });
    expect(await setCapacity({ exceptions: [{ date: '2026-02-30', places: 1 }] })).toMatchObject({ __typename: 'ValidationError', field: 'exceptions.0.date' });
    expect(await setCapacity({ dealId: toGlobalId('Deal', theirs.dealId) })).toMatchObject({ __typename: 'NotFoundError', field: 'dealId' });
    expect(await setCapacity({ businessId: theirs.gid })).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect(await setCapacity({}, shopper)).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    const saved = await setCapacity({ exceptions: [{ date: day(3), places: 0 }], changeHours: 12 });
    expect(saved).toMatchObject({ __typename: 'DealCapacitySet', bookableDeal: { deal: { dealId: mine.dealId }, capacity: { weekly: [1, 1, 1, 1, 1, 1, 1], exceptions: [{ date: day(3), places: 0 }], changeHours: 12 } } });
    expect(await availability()).toEqual({ paused: false, message: null });
  });

  it('a holder books a date, a full day names date, moves it; the merchant lists and confirms it; another shopper or business gets not found; the holder cancels', async () => {
    const [a, b] = myVouchers as [{ id: string }, { id: string }];
    const listed = (await gql(holder, MY_VOUCHERS)).viewer.vouchers.edges.map((e: any) => e.node).find((v: any) => v.id === a.id);
    expect(listed.booking).toBeNull();
    expect(listed.bookingOptions.firstDate).toBe(day(1));
    expect(listed.bookingOptions.changeHours).toBe(12);
    expect(listed.bookingOptions.availableDates.map((d: any) => d.date)).not.toContain(day(3));
    expect(listed.bookingOptions.availableDates[0]).toEqual({ date: day(1), placesLeft: 1 });

    // Another shopper naming the holder's voucher: not found, nothing booked.
    expect(await act('bookVoucherDate', { voucherId: a.id, date: day(2) }, shopper)).toMatchObject({ __typename: 'NotFoundError', field: 'voucherId' });
    expect(await act('bookVoucherDate', { voucherId: a.id, date: 'soon' })).toMatchObject({ __typename: 'ValidationError', field: 'date' });
    const booked = await act('bookVoucherDate', { voucherId: a.id, date: day(2) });
    expect(booked).toMatchObject({ __typename: 'VoucherBookingChanged', voucher: { statusCode: 'BOOKED', booking: { date: day(2), status: 'REQUESTED', changeable: true } } });
    const full = await act('bookVoucherDate', { voucherId: b.id, date: day(2) });
    expect(full).toMatchObject({ __typename: 'BookingError', code: 'BOOKING_DATE_FULL', field: 'date' });
    expect(full.message).toMatch(/is fully booked: choose another date\.$/);
    expect((await act('bookVoucherDate', { voucherId: b.id, date: day(3) })).code).toBe('BOOKING_DATE_FULL');
    const moved = await act('moveVoucherBooking', { voucherId: a.id, date: day(4) });
    expect(moved.voucher.booking).toMatchObject({ date: day(4), status: 'REQUESTED' });
    expect(await act('moveVoucherBooking', { voucherId: a.id, date: day(5) }, shopper)).toMatchObject({ __typename: 'NotFoundError' });

    const business = (await gql(merchant, BUSINESS, { b: mine.gid })).viewer.merchant.business;
    const bookings = business.bookings.edges.map((e: any) => e.node);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ date: day(4), status: 'REQUESTED', dealId: mine.dealId, voucherStatus: 'Booked', confirmedAt: null });
    // Another business's dashboard is not the merchant's; a shopper has none.
    expect((await gql(merchant, BUSINESS, { b: theirs.gid })).viewer.merchant.business).toBeNull();
    expect((await gql(shopper, BUSINESS, { b: mine.gid })).viewer.merchant).toBeNull();
    expect((await gql(merchant, CONFIRM, { i: { businessId: theirs.gid, bookingId: bookings[0].id } })).confirmBooking).toMatchObject({ __typename: 'NotFoundError', field: 'businessId' });
    expect((await gql(merchant, CONFIRM, { i: { businessId: mine.gid, bookingId: '00000000-0000-4000-8000-000000000000' } })).confirmBooking).toMatchObject({ __typename: 'NotFoundError', field: 'bookingId' });
    const confirmed = (await gql(merchant, CONFIRM, { i: { businessId: mine.gid, bookingId: bookings[0].id } })).confirmBooking;
    expect(confirmed).toMatchObject({ __typename: 'BookingConfirmed', booking: { id: bookings[0].id, status: 'CONFIRMED', confirmedAt: expect.any(String) } });
    const mineNow = (await gql(holder, MY_VOUCHERS)).viewer.vouchers.edges.map((e: any) => e.node).find((v: any) => v.id === a.id);
    expect(mineNow.booking).toMatchObject({ date: day(4), status: 'CONFIRMED' });

    const cancelled = await act('cancelVoucherBooking', { voucherId: a.id });
    expect(cancelled).toMatchObject({ __typename: 'VoucherBookingChanged', voucher: { statusCode: 'READY_TO_REDEEM', booking: null } });
    expect(await act('cancelVoucherBooking', { voucherId: a.id })).toMatchObject({ __typename: 'BookingError', code: 'VOUCHER_NOT_BOOKED' });
  });

  it('Deal.bookingAvailability: paused exactly when the vouchers sold and unused fill the places, selling again once capacity is added', async () => {
    // The holder's two vouchers are unused; two places in the whole window: paused.
    await setCapacity({ weekly: [0, 0, 0, 0, 0, 0, 0], exceptions: [{ date: day(5), places: 2 }] });
    expect(await availability()).toEqual({ paused: true, message: BOOKINGS_PAUSED_MESSAGE });
    await setCapacity({ weekly: [0, 0, 0, 0, 0, 0, 0], exceptions: [{ date: day(5), places: 3 }] });
    expect(await availability()).toEqual({ paused: false, message: null });
  });
});
