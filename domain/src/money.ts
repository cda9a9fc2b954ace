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

/** Whole-number discount percentage of `price` against `originalPrice`, rounded down (never overstated). */
export function discountPercentage(price: number, originalPrice: number): number {
  if (originalPrice <= 0 || price >= originalPrice) return 0;
  return Math.floor(((originalPrice - price) * 100) / originalPrice);
}
