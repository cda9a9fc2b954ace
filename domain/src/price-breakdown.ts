/**
 * What an order's total is made of, one model for the checkout summary, the confirmation page and
 * the confirmation email (issue 14 C): named parts in signed pence (a promo code is negative)
 * that add up to the total; then what the wallet paid, what the payment method is charged now,
 * and, for a deposit, what is paid later and to whom. The checkout service computes it once
 * (services/checkout breakdown.ts) and stores it with the order; everyone else renders it.
 */
import { formatMoney } from './money.ts';

export const PRICE_PART_KINDS = ['line', 'gift_wrap', 'gift_pack', 'addon', 'postage', 'promo', 'vip'] as const;
export type PricePartKind = (typeof PRICE_PART_KINDS)[number];

export interface PricePart {
  kind: PricePartKind;
  label: string;
  /** Signed pence: a promo code's discount is negative. */
  amount: number;
}

/** A deposit's balance: not charged by us, paid later to the merchant. */
export interface PriceDue {
  label: string;
  /** Who is paid: the merchant's name. */
  to: string;
  amount: number;
}

export interface PriceBreakdown {
  parts: PricePart[];
  /** Σ parts. */
  total: number;
  /** Wallet credit used. */
  wallet: number;
  /** total − wallet: what the payment method is charged now. */
  payNow: number;
  dueLater: PriceDue[];
}

/** What is wrong with a breakdown, in words; empty when it adds up. */
export function breakdownProblems(b: PriceBreakdown): string[] {
  const problems: string[] = [];
  const all = [...b.parts.map((p) => p.amount), b.total, b.wallet, b.payNow, ...b.dueLater.map((d) => d.amount)];
  if (!all.every(Number.isSafeInteger)) problems.push('every amount is whole pence');
  const sum = b.parts.reduce((s, p) => s + p.amount, 0);
  if (sum !== b.total) problems.push(`the parts add up to ${sum}, not the total ${b.total}`);
  if (b.total - b.wallet !== b.payNow) problems.push(`the total ${b.total} less the wallet ${b.wallet} is not what is paid now, ${b.payNow}`);
  if (b.wallet < 0 || b.payNow < 0 || b.total < 0) problems.push('no negative total, wallet or payment');
  if (b.dueLater.some((d) => d.amount <= 0 || !d.to)) problems.push('an amount due later is positive and names who is paid');
  for (const p of b.parts) {
    const takesOff = p.amount < 0;
    if (p.amount !== 0 && takesOff !== (p.kind === 'promo')) problems.push(`${p.label}: only a promo code takes money off`);
  }
  return problems;
}

/** A signed amount as a shopper reads it: "£5", "−£5" (a true minus sign). */
export function formatSignedMoney(amount: number): string {
  return amount < 0 ? `\u2212${formatMoney(-amount)}` : formatMoney(amount);
}

/** The breakdown as plain-text lines (the confirmation email), in the order the page shows it. */
export function breakdownText(b: PriceBreakdown, paidWith: string): string[] {
  return [
    ...b.parts.map((p) => `${p.label}: ${formatSignedMoney(p.amount)}`),
    `Total: ${formatMoney(b.total)}`,
    ...(b.wallet > 0 ? [`Paid with wallet credit: ${formatSignedMoney(-b.wallet)}`] : []),
    `Paid now${b.payNow > 0 ? ` by ${paidWith}` : ''}: ${formatMoney(b.payNow)}`,
    ...b.dueLater.map((d) => `${d.label}, due later to ${d.to}: ${formatMoney(d.amount)}`),
  ];
}
