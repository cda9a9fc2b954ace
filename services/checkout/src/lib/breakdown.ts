/**
 * Every part of an order's total (issue 14 C; domain price-breakdown.ts), worked out once here:
 * from the checkout model for the checkout view and the order being placed (stored with the order,
 * so the confirmation page and the email show exactly what was charged), or from an order's rows
 * for an order stored without one (an add-on order; orders before the breakdown existed).
 */
import type { PriceBreakdown, PricePart } from '@shop/domain/price-breakdown';
import type { Selectable } from 'kysely';
import type { OrderLineTable, OrdersTable } from '../db/tables.ts';
import type { CheckoutModel } from '../checkout/pricing.ts';

export const VIP_PART_LABEL = 'VIP membership (1 year)';

const times = (title: string, n: number) => `${title} × ${n}`;

export function checkoutBreakdown(model: Pick<CheckoutModel, 'lines' | 'addons' | 'promo' | 'summary'>): PriceBreakdown {
  const s = model.summary;
  const parts: PricePart[] = model.lines.map((l) => ({ kind: 'line', label: `${times(l.title, l.quantity)}${l.deposit ? ', deposit' : ''}`, amount: l.unitPrice * l.quantity }));
  // Wrap and packs: one part per product, over the lines.
  const extras = new Map<string, { kind: 'gift_wrap' | 'gift_pack'; title: string; units: number; amount: number }>();
  for (const l of model.lines) {
    const add = (kind: 'gift_wrap' | 'gift_pack', e: { units: number; unitPrice: number; title: string }) => {
      if (e.units <= 0) return;
      const key = `${kind}:${e.title}`;
      const seen = extras.get(key) ?? { kind, title: e.title, units: 0, amount: 0 };
      extras.set(key, { ...seen, units: seen.units + e.units, amount: seen.amount + e.units * e.unitPrice });
    };
    add('gift_wrap', l.wrap);
    if (l.pack) add('gift_pack', l.pack);
  }
  for (const e of extras.values()) parts.push({ kind: e.kind, label: times(e.title, e.units), amount: e.amount });
  for (const a of model.addons) parts.push({ kind: 'addon', label: times(a.title, a.quantity), amount: a.total });
  if (s.postage > 0) parts.push({ kind: 'postage', label: 'Postage', amount: s.postage });
  if (s.promoDiscount > 0) parts.push({ kind: 'promo', label: `Promo code ${model.promo?.code ?? ''}`.trim(), amount: -s.promoDiscount });
  if (s.vip > 0) parts.push({ kind: 'vip', label: VIP_PART_LABEL, amount: s.vip });
  return {
    parts,
    total: s.totalOrderAmount,
    wallet: s.walletCredit,
    payNow: s.cashAmount,
    dueLater: model.lines
      .filter((l) => l.deposit && l.balanceDue > 0)
      .map((l) => ({ label: `${l.title}: the rest of the price`, to: l.merchantName ?? 'the merchant', amount: l.balanceDue })),
  };
}

/** An order's breakdown: the one stored when it was placed, else made from its rows. */
export function orderBreakdown(order: Selectable<OrdersTable>, lines: Array<Selectable<OrderLineTable>>): PriceBreakdown {
  if (order.breakdown) return (typeof order.breakdown === 'string' ? JSON.parse(order.breakdown) : order.breakdown) as PriceBreakdown;
  const parts: PricePart[] = [];
  let extras = 0;
  for (const l of lines) {
    parts.push({ kind: l.addon_type ? 'addon' : 'line', label: times(l.title, l.quantity), amount: l.unit_price * l.quantity });
    extras += l.line_total - l.unit_price * l.quantity - l.postage;
  }
  if (extras > 0) parts.push({ kind: 'gift_wrap', label: 'Gift wrap and packs', amount: extras });
  if (order.postage > 0) parts.push({ kind: 'postage', label: 'Postage', amount: order.postage });
  if (order.promo_discount > 0) parts.push({ kind: 'promo', label: `Promo code ${order.promo_code ?? ''}`.trim(), amount: -order.promo_discount });
  if (order.vip > 0) parts.push({ kind: 'vip', label: VIP_PART_LABEL, amount: order.vip });
  return { parts, total: order.total_amount, wallet: order.wallet_used, payNow: order.cash_amount, dueLater: [] };
}

const METHOD_WORDS: Record<string, string> = {
  credit_card: 'card',
  paypal: 'PayPal',
  paypal_credit: 'PayPal Credit',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
  klarna: 'Klarna',
  clearpay: 'Clearpay',
};

/** How the cash part was paid, in words: 'Visa', 'Google Pay (Visa)', 'PayPal'. */
export function paidWithWords(method: string, cardType: string | null): string {
  const label = METHOD_WORDS[method] ?? 'card';
  if (method === 'credit_card') return cardType ?? label;
  return cardType ? `${label} (${cardType})` : label;
}
