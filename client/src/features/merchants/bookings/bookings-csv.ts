/**
 * The Upcoming bookings list as a CSV (issue 17 point 2, "a CSV export of everything shown"): one
 * row per booking listed, in the list's order, made the dashboard's one way (../csv.ts).
 */
import { csvText } from '../csv.ts';
import { bookingStatusWords } from './bookings-words.ts';

interface CsvBooking {
  readonly date: string;
  readonly optionTitle: string;
  readonly orderNumber: string;
  readonly recipientName: string | null | undefined;
  readonly status: string;
  readonly voucherStatus: string;
}

const BOOKINGS_CSV_HEADER = ['date', 'option', 'order_number', 'for', 'status', 'voucher_status'] as const;

export const bookingsCsv = (bookings: readonly CsvBooking[]) =>
  csvText(
    BOOKINGS_CSV_HEADER,
    bookings.map((b) => [b.date, b.optionTitle, b.orderNumber, b.recipientName, bookingStatusWords(b.status), b.voucherStatus]),
  );
