/**
 * Spec §9: promotional (marketing) wallet credit is limited to 10 % (up to £5) per item.
 * Refundable credit (refunds, gift cards) pays without that limit. Integer pence only: every
 * figure is worked out with integer arithmetic, so no float drift can creep in.
 */
import { PROMO_CREDIT_ITEM_MAX_PENCE, PROMO_CREDIT_ITEM_PERCENT } from './buying.ts';

export interface WalletFigures {
  /** marketingBalance + refundableBalance. */
  balance: number;
  marketingBalance: number;
  refundableBalance: number;
}

function pence(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of pence, not negative.`);
  return value;
}

/** The most promotional credit one unit priced `pricePence` may take: floor(10 %), at most 500p. */
export function itemMarketingLimit(pricePence: number): number {
  const price = pence(pricePence, 'item price');
  return Math.min(Math.floor((price * PROMO_CREDIT_ITEM_PERCENT) / 100), PROMO_CREDIT_ITEM_MAX_PENCE);
}

/**
 * The most promotional credit an order may use: the per-item limit summed over every unit (a line
 * of quantity 3 is three items: pass its unit price three times).
 */
export function marketingCreditLimit(itemPricesPence: number[]): number {
  if (!Array.isArray(itemPricesPence)) throw new RangeError('item prices must be a list.');
  return itemPricesPence.reduce((sum, price) => sum + itemMarketingLimit(price), 0);
}

/**
 * How much of the wallet may pay `orderTotal`: all refundable credit plus promotional credit up to
 * the order's limit, never more than the balance or the order total. An integer from 0.
 */
export function walletUsable(wallet: WalletFigures, itemPricesPence: number[], orderTotal: number): number {
  const marketing = pence(wallet.marketingBalance, 'marketingBalance');
  const refundable = pence(wallet.refundableBalance, 'refundableBalance');
  const balance = pence(wallet.balance, 'balance');
  const total = pence(orderTotal, 'orderTotal');
  return Math.min(total, balance, refundable + Math.min(marketing, marketingCreditLimit(itemPricesPence)));
}

/**
 * How a wallet payment of `amount` splits between the buckets: promotional credit first, up to
 * `marketingMax`, then refundable. Null when the wallet cannot cover it.
 */
export function walletSplit(wallet: Pick<WalletFigures, 'marketingBalance' | 'refundableBalance'>, marketingMax: number, amount: number): { marketing: number; refundable: number } | null {
  const take = pence(amount, 'amount');
  const marketing = Math.min(take, pence(wallet.marketingBalance, 'marketingBalance'), pence(marketingMax, 'marketingMax'));
  const refundable = take - marketing;
  return refundable <= pence(wallet.refundableBalance, 'refundableBalance') ? { marketing, refundable } : null;
}
