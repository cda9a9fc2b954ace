/** My Vouchers' booking words (issue 17 point 4). */
import { formatDate } from '../../../lib/text.ts';

export const BOOKING_WORDS = {
  book: 'Book a date',
  move: 'Change date',
  cancel: 'Cancel booking',
  bookTitle: 'Book a date',
  moveTitle: 'Choose a new date',
  cancelTitle: 'Cancel this booking?',
  date: 'Date',
  dateHint: 'Days with a place left are listed below.',
  available: 'Dates with a place left',
  noDates: 'No dates are left to book before this voucher expires. Please contact the merchant.',
  chooseDate: 'Choose a date.',
  notAvailable: 'That date has no place left or is closed: choose one of the dates listed.',
  confirmBook: 'Book this date',
  confirmMove: 'Move my booking',
  confirmCancel: 'Yes, cancel it',
  keep: 'Keep it',
  close: 'Close',
  busyBook: 'Booking your date…',
  busyMove: 'Moving your booking…',
  busyCancel: 'Cancelling your booking…',
  failedBook: 'Your date was not booked',
  failedMove: 'Your booking was not moved',
  failedCancel: 'Your booking was not cancelled',
  unreachable: 'We could not reach Thistle Deals. Please check your connection and try again.',
  requested: 'Waiting for the merchant to confirm',
  confirmed: 'Confirmed by the merchant',
  closed: 'It is too late to change this booking online: please contact the merchant.',
  cancelBody: 'The voucher will be ready to redeem again, and you can book another date.',
} as const;

/** "Saturday 5 December 2026" for a London calendar day (YYYY-MM-DD). */
export function dayInWords(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Noon UTC is inside that London day whatever the clocks.
  const at = new Date(Date.UTC(y, m - 1, d, 12));
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/London' }).format(at);
  return `${weekday} ${formatDate(at.toISOString())}`;
}

export const bookedWords = (date: string) => `Booked for ${dayInWords(date)}`;
/** The merchant's rule, said before booking (a day sooner than that cannot be changed online once booked). */
export const changeRuleWords = (hours: number) => `You can change or cancel a booking online until ${hours} ${hours === 1 ? 'hour' : 'hours'} before the day.`;
const instant = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });
export const changeableWords = (until: string) => `You can change or cancel it online until ${instant.format(new Date(until))}.`;
