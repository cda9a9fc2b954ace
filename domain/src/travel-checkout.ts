/**
 * Spec §3 checkout data `isTravel` and `isTravelValid`: the basket holds a travel deal (a deal of a
 * travel location), and every travel line can still be bought — a stay option with fixed dates
 * cannot be bought once its check-in day (London) has begun, nor when its dates are inconsistent.
 * Open-dated travel vouchers (no fixed dates) are always valid. Dates are 'YYYY-MM-DD'.
 */
export interface TravelLine {
  isTravel: boolean;
  checkInDate: string | null;
  checkOutDate: string | null;
}

/** Shown on a travel line whose fixed dates can no longer be bought. */
export const TRAVEL_DATES_PASSED = 'The dates of this stay have passed. Please choose another option.';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True when the line's fixed dates can still be bought on `today` (London date). */
export function travelLineValid(line: TravelLine, today: string): boolean {
  if (!line.isTravel) return true;
  const { checkInDate: checkIn, checkOutDate: checkOut } = line;
  if (checkIn !== null && (!DAY.test(checkIn) || checkIn <= today)) return false;
  if (checkOut !== null && (!DAY.test(checkOut) || checkOut <= today || (checkIn !== null && checkOut <= checkIn))) return false;
  return true;
}

export function travelValidity(lines: readonly TravelLine[], today: string): { isTravel: boolean; isTravelValid: boolean } {
  return { isTravel: lines.some((l) => l.isTravel), isTravelValid: lines.every((l) => travelLineValid(l, today)) };
}
