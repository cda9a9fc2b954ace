/**
 * The vouchers service's redemption calls (services/vouchers README "Redemption"), for the
 * merchant's till (issue 17 point 3). The business's deal ids and its ref come from the caller,
 * who checked the membership first.
 *
 * - POST /redemptions {code | link, dealIds, merchantRef, actorRef, attemptId, channel}: 200 the voucher,
 *   404 (unknown, or another business's: the same), 409 VOUCHER_NOT_REDEEMABLE with reason and
 *   redeemedAt: all answered as data here. A scanned QR's link is verified by the service (its
 *   HMAC key never leaves it): a forged link is the same 404 as an unknown code.
 * - POST /redemptions/{voucherId}/undo: 200 the voucher; 404; 409 REDEMPTION_UNDO_EXPIRED,
 *   VOUCHER_NOT_REDEEMED or REDEMPTION_NOT_YOURS as ServiceErrors.
 * - POST /redemptions/bulk: one answer per code, in order.
 * - GET /redemptions/attempts?merchantRef&limit: the business's attempts, newest first.
 */
import { VoucherSchema } from '@shop/vouchers/contract';
import { AttemptsPageSchema, BulkAnswerSchema } from '@shop/vouchers/redemption/redemption.contract';
import { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type RedeemedVoucher = z.infer<typeof VoucherSchema>;
export type BulkAnswer = z.infer<typeof BulkAnswerSchema>;
export type RedemptionAttempt = z.infer<typeof AttemptsPageSchema>['attempts'][number];

/** Who redeems: the business's deals, the business (merchantRef), the member at the till (actorRef). */
export interface Till {
  dealIds: readonly number[];
  merchantRef: string;
  actorRef: string;
}

const RefusalSchema = z.object({ detail: z.string().optional(), reason: z.enum(['already_redeemed', 'not_redeemable']), redeemedAt: z.string().optional() });

export type RedeemAnswer =
  | { result: 'redeemed'; voucher: RedeemedVoucher }
  | { result: 'already_redeemed' | 'not_redeemable'; message: string; redeemedAt: string | null }
  | { result: 'not_found' };

/** What a scan gave: the QR's link or a bare code, and how it came (sent at once, or from the device's queue). */
export interface Scanned {
  given: { link: string } | { code: string };
  channel: 'qr' | 'offline';
}

export interface RedemptionClient {
  redeem(till: Till, code: string, attemptId: string | null): Promise<RedeemAnswer>;
  redeemScanned(till: Till, scanned: Scanned, attemptId: string | null): Promise<RedeemAnswer>;
  undo(till: Till, voucherId: string): Promise<RedeemedVoucher>;
  bulk(till: Till, codes: { line: number; code: string }[]): Promise<BulkAnswer>;
  attempts(merchantRef: string, limit: number): Promise<RedemptionAttempt[]>;
}

export function createRedemptionClient(rest: RestClient): RedemptionClient {
  const who = (till: Till) => ({ dealIds: [...till.dealIds], merchantRef: till.merchantRef, actorRef: till.actorRef });
  const redeem = async (till: Till, what: Record<string, string>, attemptId: string | null): Promise<RedeemAnswer> => {
    const answer = await rest.raw('POST', '/redemptions', { body: { ...what, ...who(till), ...(attemptId ? { attemptId } : {}) } });
    if (answer.status === 200) return { result: 'redeemed', voucher: answer.parse(VoucherSchema) };
    if (answer.status === 404) return { result: 'not_found' };
    if (answer.status === 409) {
      const refusal = RefusalSchema.safeParse(answer.body);
      if (refusal.success) return { result: refusal.data.reason, message: refusal.data.detail ?? '', redeemedAt: refusal.data.redeemedAt ?? null };
    }
    throw answer.error();
  };
  return {
    redeem: (till, code, attemptId) => redeem(till, { code, channel: 'typed' }, attemptId),
    redeemScanned: (till, scanned, attemptId) => redeem(till, { ...scanned.given, channel: scanned.channel }, attemptId),
    async undo(till, voucherId) {
      return rest.send('POST', `/redemptions/${encodeURIComponent(voucherId)}/undo`, { body: who(till), parser: VoucherSchema });
    },
    async bulk(till, codes) {
      return rest.send('POST', '/redemptions/bulk', { body: { ...who(till), codes: codes.map((c) => c.code), lines: codes.map((c) => c.line) }, parser: BulkAnswerSchema });
    },
    async attempts(merchantRef, limit) {
      const query = new URLSearchParams({ merchantRef, limit: String(limit) });
      return (await rest.send('GET', `/redemptions/attempts?${query}`, { parser: AttemptsPageSchema })).attempts;
    },
  };
}
