/**
 * The wish list alert emails (issue 19 point 2): a price drop, and a deal back on sale. Plain
 * text like the shop's other notices; each carries the link that turns its own kind off and the
 * account page where both are chosen.
 */
import { formatMoney, type Currency } from '@shop/domain/money';
import { priceDropPercent, type WishlistAlertKind } from '@shop/domain/wishlist-alerts';

export interface AlertMailInput {
  kind: WishlistAlertKind;
  title: string;
  /** The deal page's path. */
  path: string;
  currency: string;
  /** The price the shopper watched (price drops only). */
  fromPricePence: number | null;
  toPricePence: number;
  unsubscribeUrl: string;
}

/** The mail kind in the outbox and logs. */
export const ALERT_MAIL_KIND: Record<WishlistAlertKind, string> = { price_drop: 'wishlist_price_drop', back_in_stock: 'wishlist_back_in_stock' };

const money = (pence: number, currency: string) => formatMoney(pence, (currency === 'EUR' ? 'EUR' : 'GBP') satisfies Currency);
// A subject is one line: a title never carries a line break into it.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function alertMail(publicBaseUrl: string, a: AlertMailInput): { subject: string; text: string } {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const title = oneLine(a.title);
  const now = money(a.toPricePence, a.currency);
  const footer = [
    'You get this email because this deal is on your Thistle Deals wish list. Prices and availability can change at any time.',
    '',
    `${a.kind === 'price_drop' ? 'Stop price drop emails' : 'Stop back on sale emails'}: ${a.unsubscribeUrl}`,
    `Choose which emails you get: ${base}/myaccount/subscriptions`,
  ];
  if (a.kind === 'price_drop' && a.fromPricePence !== null) {
    const was = money(a.fromPricePence, a.currency);
    const text = [
      'Good news: a deal on your wish list is cheaper now.',
      '',
      title,
      `Now ${now}, was ${was} (${priceDropPercent(a.fromPricePence, a.toPricePence)}% less).`,
      '',
      `See the deal: ${base}${a.path}`,
      '',
      ...footer,
    ].join('\n');
    return { subject: `Price drop: ${title} is now ${now}`, text };
  }
  const text = [
    'A deal on your wish list is back on sale: you can buy it again.',
    '',
    title,
    `From ${now}.`,
    '',
    `See the deal: ${base}${a.path}`,
    '',
    ...footer,
  ].join('\n');
  return { subject: `Back on sale: ${title}`, text };
}
