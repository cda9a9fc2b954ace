/** A voucher row as the REST contract shows it (contract.ts VoucherSchema). */
import { refundableUntil, VOUCHER_STATUS_CODES, VOUCHER_STATUS_DESCRIPTIONS } from '@shop/domain/voucher-status';
import type { z } from '@hono/zod-openapi';
import type { VoucherEventSchema, VoucherSchema } from '../contract.ts';
import type { VoucherRow } from '../issue/issue.ts';
import type { VoucherEventRow } from './vouchers.store.ts';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * `redemptionLink`: the holder's signed QR link, given only on the holder's own answers.
 * `gift_received`: read by the holder's reads (vouchers.store.ts); absent elsewhere (false).
 */
export function voucherView(v: VoucherRow & { gift_received?: boolean }, redemptionLink: string | null = null): z.infer<typeof VoucherSchema> {
  const paidAt = new Date(v.paid_at);
  return {
    id: v.id,
    code: v.code,
    status: v.status,
    statusCode: VOUCHER_STATUS_CODES[v.status],
    statusDescription: VOUCHER_STATUS_DESCRIPTIONS[v.status],
    orderId: v.order_id,
    orderNumber: v.order_number,
    dealId: v.deal_id,
    dealProductId: v.deal_product_id,
    title: v.title,
    recipientName: v.recipient_name,
    price: { amount: v.price, currency: v.currency },
    paid: { amount: v.paid, currency: v.currency },
    paidAt: paidAt.toISOString(),
    expiresAt: iso(v.expires_at),
    extendedMonths: v.extended_months,
    refundableUntil: refundableUntil(paidAt).toISOString(),
    createdAt: new Date(v.created_at).toISOString(),
    redemptionLink,
    giftReceived: v.gift_received === true,
  };
}

export function eventView(e: VoucherEventRow): z.infer<typeof VoucherEventSchema> {
  return {
    event: e.event,
    fromStatus: e.from_status,
    toStatus: e.to_status,
    actor: e.actor,
    reason: e.reason,
    at: new Date(e.at).toISOString(),
  };
}
