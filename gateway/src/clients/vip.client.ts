/**
 * Typed client of VIP membership cancellation (issue 18 point 5), served by the checkout service
 * (it holds the order that paid for the membership and its payment): what cancelling would do now,
 * and the cancel itself. Refusals are data here (the problem's code and words), not errors.
 */
import { VipCancellationSchema, VipRefundSchema } from '@shop/checkout/contract';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type VipCancellationData = z.infer<typeof VipCancellationSchema>;
type VipRefundData = z.infer<typeof VipRefundSchema>;

type CancelVipAnswer = { ok: true; refund: VipRefundData } | { ok: false; code: 'VIP_NOT_A_MEMBER' | 'VIP_REFUND_WINDOW_CLOSED'; message: string | null };

export interface VipClient {
  /** Null when the shopper has no paid membership to cancel. */
  cancellation(customerToken: string): Promise<VipCancellationData | null>;
  cancel(customerToken: string): Promise<CancelVipAnswer>;
}

const q = (customerToken: string) => `?customerToken=${encodeURIComponent(customerToken)}`;

export function createVipClient(rest: RestClient): VipClient {
  return {
    async cancellation(customerToken) {
      const res = await rest.raw('GET', `/checkout/vip/cancellation${q(customerToken)}`, { logPath: '/checkout/vip/cancellation' });
      if (res.status === 404) return null;
      if (res.status !== 200) throw res.error();
      return res.parse(VipCancellationSchema);
    },
    async cancel(customerToken) {
      const res = await rest.raw('POST', `/checkout/vip/cancel${q(customerToken)}`, { logPath: '/checkout/vip/cancel' });
      if (res.status === 200) return { ok: true, refund: res.parse(VipRefundSchema) };
      if (res.status !== 404 && res.status !== 409) throw res.error();
      const body = (res.body ?? {}) as { detail?: unknown };
      return { ok: false, code: res.status === 404 ? 'VIP_NOT_A_MEMBER' : 'VIP_REFUND_WINDOW_CLOSED', message: typeof body.detail === 'string' ? body.detail : null };
    },
  };
}
