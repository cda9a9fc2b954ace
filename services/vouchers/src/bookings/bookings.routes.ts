import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import {
  AvailabilityQuerySchema,
  AvailabilitySchema,
  BookBodySchema,
  BookingParamsSchema,
  BookingSchema,
  BookingsPageSchema,
  CancelBodySchema,
  CapacitiesQuerySchema,
  CapacitiesSchema,
  CapacityBodySchema,
  CapacityParamsSchema,
  CapacitySchema,
  ConfirmBodySchema,
  HolderBookingSchema,
  HolderQuerySchema,
  MerchantBookingsQuerySchema,
  MoveBodySchema,
  VoucherParamsSchema,
} from './bookings.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' });
const TAG = ['Bookings'];

export const putCapacity = createRoute({
  method: 'put',
  path: '/bookings/capacity/{dealId}',
  operationId: 'setDealCapacity',
  tags: TAG,
  summary: "A merchant sets a bookable deal's capacity",
  description:
    'Places per weekday (Monday first) and date exceptions (0 closes a day; they replace the ones set before), and how many hours before a day a shopper may still move or cancel (default 24). ' +
    "Only for one of the business's own deals (dealIds; the caller checked the deal is booked on a calendar); another deal is a 404. Lowering places never cancels bookings made: that day just takes no more. " +
    'Setting a capacity turns on the sales pause for the deal.',
  request: { params: CapacityParamsSchema, body: { required: true, description: 'The capacity and the merchant.', content: { 'application/json': { schema: CapacityBodySchema } } } },
  responses: { 200: jsonContent(CapacitySchema, 'The capacity as it now is.'), ...errors, ...notFoundContent('Not one of these deals.') },
});

export const getCapacities = createRoute({
  method: 'get',
  path: '/bookings/capacity',
  operationId: 'getDealCapacities',
  tags: TAG,
  summary: "The capacity of a business's deals",
  description: 'The deals among dealIds that have a capacity set, with their exceptions from today on.',
  request: { query: CapacitiesQuerySchema },
  responses: { 200: jsonContent(CapacitiesSchema, 'The capacities.'), ...errors },
});

export const getAvailability = createRoute({
  method: 'get',
  path: '/bookings/availability/{dealId}',
  operationId: 'getBookingAvailability',
  tags: TAG,
  summary: "A deal's bookable days and its sales pause",
  description:
    'Days from tomorrow (London) to `until` (or the last day of a voucher bought now and valid `validityMonths`) with a place left, and the sales pause: ' +
    'paused when the vouchers sold and not yet used (Ready to Redeem and valid, plus Booked for a day of the window) are at least the places of the window. ' +
    'A deal without a capacity: calendar false, never paused. The checkout decides again under a lock when an order is placed (orders still being paid count there too).',
  request: { params: CapacityParamsSchema, query: AvailabilityQuerySchema },
  responses: { 200: jsonContent(AvailabilitySchema, 'The availability.'), ...errors },
});

export const getVoucherBooking = createRoute({
  method: 'get',
  path: '/bookings/voucher/{voucherId}',
  operationId: 'getVoucherBooking',
  tags: TAG,
  summary: "A holder's voucher's live booking",
  description: "The voucher's booking that is not cancelled (null: none). Anyone else's voucher is the same 404 as an unknown id.",
  request: { params: VoucherParamsSchema, query: HolderQuerySchema },
  responses: { 200: jsonContent(HolderBookingSchema, 'The booking, or null.'), ...errors, ...notFoundContent('No such voucher of this holder.') },
});

const shopperRefusals = problemContent(
  'BOOKING_NOT_OFFERED (the deal is not booked on a calendar, or the merchant set no capacity), VOUCHER_ALREADY_BOOKED, VOUCHER_NOT_BOOKED, VOUCHER_NOT_BOOKABLE (its status), BOOKING_DATE_UNAVAILABLE (outside tomorrow … the voucher\'s last day; errors[] names date), ' +
    'BOOKING_DATE_FULL (no place left that day; errors[] names date), BOOKING_CHANGE_CLOSED (past the merchant\'s deadline).',
);

export const postBook = createRoute({
  method: 'post',
  path: '/bookings/voucher/{voucherId}',
  operationId: 'bookVoucherDate',
  tags: TAG,
  summary: 'A shopper books a day for their voucher',
  description:
    'Ready to Redeem → Booked (the book event, only for a bookable deal still valid) and one place of that day taken by a conditional update, in one transaction: ' +
    'of 16 shoppers booking the last place at once, exactly one gets it. A date from tomorrow (London) to the voucher\'s last day. The booking is requested until the merchant confirms it.',
  request: { params: VoucherParamsSchema, body: { required: true, description: 'The holder and the day.', content: { 'application/json': { schema: BookBodySchema } } } },
  responses: { 201: jsonContent(BookingSchema, 'Booked.'), 409: shopperRefusals, ...errors, ...notFoundContent('No such voucher of this holder.') },
});

export const postMove = createRoute({
  method: 'post',
  path: '/bookings/voucher/{voucherId}/move',
  operationId: 'moveVoucherBooking',
  tags: TAG,
  summary: 'A shopper moves their booking to another day',
  description: "Until the merchant's deadline (changeHours before the booked day): the new day's place taken and the old one given back in one transaction; the booking is requested again; a rebook event in the voucher's history.",
  request: { params: VoucherParamsSchema, body: { required: true, description: 'The holder and the new day.', content: { 'application/json': { schema: MoveBodySchema } } } },
  responses: { 200: jsonContent(BookingSchema, 'Moved.'), 409: shopperRefusals, ...errors, ...notFoundContent('No such voucher of this holder.') },
});

export const postCancel = createRoute({
  method: 'post',
  path: '/bookings/voucher/{voucherId}/cancel',
  operationId: 'cancelVoucherBooking',
  tags: TAG,
  summary: 'A shopper cancels their booking',
  description: "Until the merchant's deadline: Booked → Ready to Redeem (the unbook event) and the day's place given back, in one transaction.",
  request: { params: VoucherParamsSchema, body: { required: true, description: 'The holder.', content: { 'application/json': { schema: CancelBodySchema } } } },
  responses: { 200: jsonContent(BookingSchema, 'Cancelled.'), 409: shopperRefusals, ...errors, ...notFoundContent('No such voucher of this holder.') },
});

export const getBookings = createRoute({
  method: 'get',
  path: '/bookings',
  operationId: 'getMerchantBookings',
  tags: TAG,
  summary: "A business's upcoming bookings",
  description: 'Live bookings of the deals named (dealIds: the business\'s own) from `from` (default today, London), by day, a keyset page at a time.',
  request: { query: MerchantBookingsQuerySchema },
  responses: { 200: jsonContent(BookingsPageSchema, 'A page of bookings.'), ...errors },
});

export const postConfirm = createRoute({
  method: 'post',
  path: '/bookings/{bookingId}/confirm',
  operationId: 'confirmBooking',
  tags: TAG,
  summary: 'The merchant confirms a booking',
  description: 'requested → confirmed by a conditional update (again: the same answer). A booking of another business\'s deal, a cancelled one or an unknown id is the same 404.',
  request: { params: BookingParamsSchema, body: { required: true, description: 'The merchant.', content: { 'application/json': { schema: ConfirmBodySchema } } } },
  responses: { 200: jsonContent(BookingSchema, 'Confirmed.'), ...errors, ...notFoundContent('No such booking among these deals.') },
});
