/**
 * Money is an integer number of minor units (pence) with a currency code, everywhere.
 * Display per spec §1: £ with two decimals unless the amount is whole (£19.99, £20);
 * € when the currency is EUR.
 */
export type Currency = 'GBP' | 'EUR';

export interface Money {
  /** Minor units: 1999 is £19.99. Always an integer. */
  amount: number;
  currency: Currency;
}

const formatters = new Map<Currency, Intl.NumberFormat>();

function formatter(currency: Currency): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    // trailingZeroDisplay 'stripIfInteger' gives "£20" but keeps "£12.50" (never "£12.5").
    f = new Intl.NumberFormat('en-GB', { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' });
    formatters.set(currency, f);
  }
  return f;
}

export function money(amount: number, currency: Currency = 'GBP'): Money {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money amount must be an integer number of minor units, got ${amount}`);
  return { amount, currency };
}

/** Formats minor units for display: formatMoney(1999) is "£19.99", formatMoney(2000) is "£20". */
export function formatMoney(amount: number, currency: Currency = 'GBP'): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money amount must be an integer number of minor units, got ${amount}`);
  // Division happens only here, at the display edge.
  return formatter(currency).format(amount / 100);
}

/**
 * Minor units as a plain decimal string of major units, always two decimals and no symbol or
 * grouping: decimalAmount(1999) is "19.99", decimalAmount(2000) is "20.00", decimalAmount(-5) is
 * "-0.05". Made from the integer's digits (no division), for machine-read prices such as
 * schema.org's Offer.price.
 */
export function decimalAmount(amount: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Money amount must be an integer number of minor units, got ${amount}`);
  const digits = String(Math.abs(amount)).padStart(3, '0');
  return `${amount < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Whole-number discount percentage of `price` against `originalPrice`, rounded down (never overstated). */
export function discountPercentage(price: number, originalPrice: number): number {
  if (originalPrice <= 0 || price >= originalPrice) return 0;
  return Math.floor(((originalPrice - price) * 100) / originalPrice);
}
