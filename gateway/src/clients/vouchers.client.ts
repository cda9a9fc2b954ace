/**
 * Typed client of the vouchers service (services/vouchers; its README is the contract), parsed
 * with the service's own contract schemas:
 *
 * - GET /voucher/feeds/{feed}?customerToken&first&after&status&giftPacks=true (spec §7
 *   voucher/{id}/{feed}?giftPacks=true): the holder's vouchers newest first, as edges with the
 *   service's keyset cursors, and how many match. Feed "voucher" (My Vouchers) is 10 a page,
 *   "find" 20 (spec §9); `first` (1–50) overrides the feed's size. A forged `after` is a 400.
 * - GET /voucher/{voucherId}?customerToken= : one voucher of its holder with its history; anyone
 *   else's is the same 404 as an unknown id (reliability Z1), so null here.
 *
 * - POST /deal/print-voucher {voucherId, customerToken, deal}: the holder's printable voucher, a
 *   PDF (the deal's words come from the caller); anyone else's is the same 404 as an unknown id,
 *   so null here. Rendering takes longer than a lookup: its own, longer deadline.
 * - POST /voucher/pmv/refund {voucherId, customerToken, destination, walletConsent?,
 *   idempotencyKey} (spec §7 voucher/pmv/refund): 201 a new refund, 200 the same key's refund
 *   again, each with the voucher as it now is; its problems (404, 409 VOUCHER_NOT_REFUNDABLE or
 *   REFUND_WINDOW_CLOSED, 400 walletConsent, 422 IDEMPOTENCY_CONFLICT) are ServiceErrors.
 *
 * The customer token is in the path or the body: the logged path hides it.
 */
import { RefundAnswerSchema, VoucherDetailSchema, VoucherPageSchema, type PrintBodySchema, type VoucherFeed } from '@shop/vouchers/contract';
import type { VoucherStatusCode } from '@shop/domain/voucher-status';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type VoucherPage = z.infer<typeof VoucherPageSchema>;
export type VoucherData = VoucherPage['edges'][number]['node'];
export type VoucherDetail = z.infer<typeof VoucherDetailSchema>;
export type VoucherEventData = VoucherDetail['history'][number];
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;
export type RefundData = RefundAnswer['refund'];
/** The deal's words a printed voucher carries (the deals service's, and how to redeem it). */
export type PrintedDeal = z.input<typeof PrintBodySchema>['deal'];

export interface RefundRequest {
  voucherId: string;
  destination: 'original' | 'wallet';
  walletConsent?: boolean;
  idempotencyKey: string;
}

/** Spec §9 gives lookups 2500 ms; rendering a PDF (fonts, a QR code) is given longer. */
export const PRINT_TIMEOUT_MS = 10_000;

export interface VoucherFeedQuery {
  feed: VoucherFeed;
  /** Page size, 1–50; default the feed's. */
  first?: number;
  /** A cursor of the service's (an edge's `cursor`). */
  after?: string | null;
  status?: VoucherStatusCode | null;
}

export interface VouchersClient {
  feed(customerToken: string, query: VoucherFeedQuery): Promise<VoucherPage>;
  /** The holder's voucher with its history; null for anyone else's and for an unknown id. */
  voucher(customerToken: string, voucherId: string): Promise<VoucherDetail | null>;
  /** The holder's printable voucher (a PDF); null for anyone else's and for an unknown id. */
  print(customerToken: string, voucherId: string, deal: PrintedDeal): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Refunds the holder's voucher: the refund and the voucher as it now is (the same again for a key already used). */
  refund(customerToken: string, request: RefundRequest): Promise<RefundAnswer>;
}

/** `printRest`: the same service with the print call's longer deadline (PRINT_TIMEOUT_MS). */
export function createVouchersClient(rest: RestClient, printRest: RestClient = rest): VouchersClient {
  return {
    async feed(customerToken, query) {
      const params = new URLSearchParams({ giftPacks: 'true' });
      if (query.first !== undefined) params.set('first', String(query.first));
      if (query.after) params.set('after', query.after);
      if (query.status) params.set('status', query.status);
      const logPath = `/voucher/feeds/${query.feed}?${params}`;
      params.set('customerToken', customerToken);
      return rest.send('GET', `/voucher/feeds/${query.feed}?${params}`, { logPath, parser: VoucherPageSchema });
    },
    async voucher(customerToken, voucherId) {
      const logPath = `/voucher/${encodeURIComponent(voucherId)}?customerToken=…`;
      return rest.send('GET', `/voucher/${encodeURIComponent(voucherId)}?customerToken=${encodeURIComponent(customerToken)}`, { logPath, parser: VoucherDetailSchema, nullOn404: true });
    },
    async print(customerToken, voucherId, deal) {
      const pdf = await printRest.binary('POST', '/deal/print-voucher', { body: { voucherId, customerToken, deal }, accept: 'application/pdf', nullOn404: true });
      return pdf ? pdf.bytes : null;
    },
    async refund(customerToken, request) {
      return rest.send('POST', '/voucher/pmv/refund', { body: { ...request, customerToken }, parser: RefundAnswerSchema });
    },
  };
}
