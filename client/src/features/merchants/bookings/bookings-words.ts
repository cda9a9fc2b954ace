/** The merchant's Bookings section's words (issue 17 point 4). */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MAX_PLACES = 10_000;

/** A place count as typed: a whole number from 0 to 10,000, or why not. */
export function placesError(value: string): string | null {
  const n = Number(value);
  return value.trim() === '' || !Number.isInteger(n) || n < 0 || n > MAX_PLACES ? 'Enter a whole number of places from 0 to 10,000.' : null;
}

export function hoursError(value: string): string | null {
  const n = Number(value);
  return value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 720 ? 'Enter whole hours from 0 to 720.' : null;
}

/** "Saturday 5 December 2026" for a London calendar day (YYYY-MM-DD). */
export { dayInWords as dayWords } from '../../vouchers/booking/booking-words.ts';

/** A booking's status as the list shows it and its CSV writes it. */
export const bookingStatusWords = (status: string) => (status === 'CONFIRMED' ? 'Confirmed' : 'Waiting for you');
