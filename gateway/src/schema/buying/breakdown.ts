/**
 * The PriceBreakdown of a checkout or an order (issue 14 C): the checkout service's list, as it
 * computed it, in GraphQL's shape. Nothing is added up here; the service's figures are the truth.
 */
import type { PriceBreakdownData } from '../../clients/checkout.client.ts';
import { gbp } from './Basket.ts';
import { enumValue } from '../mappers.ts';

export function priceBreakdownOf(b: PriceBreakdownData) {
  return {
    parts: b.parts.map((p) => ({ kind: enumValue(p.kind), label: p.label, amount: gbp(p.amount) })),
    total: gbp(b.total),
    wallet: gbp(b.wallet),
    payNow: gbp(b.payNow),
    dueLater: b.dueLater.map((d) => ({ label: d.label, to: d.to, amount: gbp(d.amount) })),
  };
}
