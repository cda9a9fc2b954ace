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
 * - POST /voucher/credit {voucherId, customerToken}: the voucher exchanged for wallet credit of
 *   what it was paid (201); 409 VOUCHER_NOT_EXCHANGEABLE and 404 are ServiceErrors.
 * - POST /voucher/expired-credit {voucherId, customerToken}: an expired voucher's paid value as
 *   wallet credit valid 14 days (201, with validUntil); 409 VOUCHER_NOT_EXPIRED and 404 are ServiceErrors.
 *
 * - POST /create-return-order {voucherId, customerToken, reason, note?, deal} (spec §7): a return
 *   of goods sent by post (201 new, 200 the voucher's return again); 409 VOUCHER_NOT_RETURNABLE.
 * - GET /v1/returns/returns-label and /v1/returns/pdf ?customerToken&voucherId: the holder's
 *   return and its label (a PDF); anyone else's is the same 404 as none, so null here.
 *
 * The customer token is in the path or the body: the logged path hides it.
 */
import { CreditAnswerSchema, ExpiredCreditAnswerSchema, RefundAnswerSchema, VoucherDetailSchema, VoucherPageSchema, type PrintBodySchema, type VoucherFeed } from '@shop/vouchers/contract';
import type { VoucherStatusCode } from '@shop/domain/voucher-status';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';
import { ReturnAnswerSchema, type CreateReturnBodySchema } from '@shop/vouchers/returns/returns.contract';
import { CreateGiftAnswerSchema, GiftPreviewSchema, SentGiftsSchema, type CreateGiftBodySchema } from '@shop/vouchers/gifts/gifts.contract';

import { VoucherExtensionSchema } from '@shop/vouchers/extension/extension.contract';
export type VoucherExtensionData = z.infer<typeof VoucherExtensionSchema>;
export type VoucherPage = z.infer<typeof VoucherPageSchema>;
export type VoucherData = VoucherPage['edges'][number]['node'];
export type VoucherDetail = z.infer<typeof VoucherDetailSchema>;
export type VoucherEventData = VoucherDetail['history'][number];
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;
export type RefundData = RefundAnswer['refund'];
export type CreditAnswer = z.infer<typeof CreditAnswerSchema>;
export type ExpiredCreditAnswer = z.infer<typeof ExpiredCreditAnswerSchema>;
/** The deal's words a printed voucher carries (the deals service's, and how to redeem it). */
export type PrintedDeal = z.input<typeof PrintBodySchema>['deal'];

export type ReturnAnswer = z.infer<typeof ReturnAnswerSchema>;
export type GiftPreview = z.infer<typeof GiftPreviewSchema>;
export type SentGiftData = z.infer<typeof SentGiftsSchema>['gifts'][number];
export type GiftRequest = Omit<z.input<typeof CreateGiftBodySchema>, 'customerToken'>;
export type ReturnData = ReturnAnswer['return'];
/** A return request as the gateway sends it (the holder added by the client). */
export type ReturnRequest = Omit<z.input<typeof CreateReturnBodySchema>, 'customerToken'>;

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
  /** What validity extension the holder's voucher can still get (GET /voucher/vve); null for anyone else's and for an unknown id. */
  extension(customerToken: string, voucherId: string): Promise<VoucherExtensionData | null>;
  /** The holder's printable voucher (a PDF); null for anyone else's and for an unknown id. */
  print(customerToken: string, voucherId: string, deal: PrintedDeal): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Refunds the holder's voucher: the refund and the voucher as it now is (the same again for a key already used). */
  refund(customerToken: string, request: RefundRequest): Promise<RefundAnswer>;
  /** Exchanges the holder's voucher for wallet credit: the credit and the voucher as it now is. */
  exchangeForCredit(customerToken: string, voucherId: string): Promise<CreditAnswer>;
  /** An expired voucher's paid value as wallet credit valid 14 days (/voucher/expired-credit): the credit, until when, and the voucher. */
  takeExpiredCredit(customerToken: string, voucherId: string): Promise<ExpiredCreditAnswer>;
  /** Returns goods (create-return-order): the return and the voucher as it now is (the same return again when it had one). */
  createReturn(customerToken: string, request: ReturnRequest): Promise<ReturnAnswer>;
  /** The holder's return of this voucher (/v1/returns/returns-label); null when it has none, for anyone else's and an unknown id. */
  returnOfVoucher(customerToken: string, voucherId: string): Promise<ReturnAnswer | null>;
  /** The holder's returns label of this voucher (/v1/returns/pdf), a PDF; null as for returnOfVoucher. */
  returnLabel(customerToken: string, voucherId: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** Gifts (/gift/create): the holder's voucher sent to a recipient's email; the gift as its giver sees it. */
  createGift(customerToken: string, request: GiftRequest): Promise<SentGiftData>;
  /** What a gift link gives (the token in the query, hidden in the log); null for an unknown token or a gift someone else claimed. */
  giftPreview(token: string, customerToken: string | null): Promise<GiftPreview | null>;
  /** Claims a gift (/deal/gift-redeem): the gift, claimed. */
  claimGift(customerToken: string, token: string, claimantName: string): Promise<GiftPreview>;
  /** The gifts the customer sent. */
  sentGifts(customerToken: string): Promise<SentGiftData[]>;
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
    async extension(customerToken, voucherId) {
      return rest.send('GET', `/voucher/vve?${new URLSearchParams({ customerToken, voucherId })}`, { logPath: `/voucher/vve?voucherId=${encodeURIComponent(voucherId)}&customerToken=…`, parser: VoucherExtensionSchema, nullOn404: true });
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
    async exchangeForCredit(customerToken, voucherId) {
      return rest.send('POST', '/voucher/credit', { body: { voucherId, customerToken }, parser: CreditAnswerSchema });
    },
    async takeExpiredCredit(customerToken, voucherId) {
      return rest.send('POST', '/voucher/expired-credit', { body: { voucherId, customerToken }, parser: ExpiredCreditAnswerSchema });
    },
    async createReturn(customerToken, request) {
      return rest.send('POST', '/create-return-order', { body: { ...request, customerToken }, parser: ReturnAnswerSchema });
    },
    async returnOfVoucher(customerToken, voucherId) {
      const query = (token: string) => `?${new URLSearchParams({ voucherId, customerToken: token })}`;
      return rest.send('GET', `/v1/returns/returns-label${query(customerToken)}`, { logPath: `/v1/returns/returns-label${query('…')}`, parser: ReturnAnswerSchema, nullOn404: true });
    },
    async returnLabel(customerToken, voucherId) {
      const query = (token: string) => `?${new URLSearchParams({ voucherId, customerToken: token })}`;
      const pdf = await printRest.binary('GET', `/v1/returns/pdf${query(customerToken)}`, { logPath: `/v1/returns/pdf${query('…')}`, accept: 'application/pdf', nullOn404: true });
      return pdf ? pdf.bytes : null;
    },
    async createGift(customerToken, request) {
      return (await rest.send('POST', '/gift/create', { body: { ...request, customerToken }, parser: CreateGiftAnswerSchema })).gift;
    },
    async giftPreview(token, customerToken) {
      const query = (claim: string, holder: string | null) => `?${new URLSearchParams({ claim, ...(holder ? { customerToken: holder } : {}) })}`;
      return rest.send('GET', `/gift/claim${query(token, customerToken)}`, { logPath: `/gift/claim${query('…', customerToken ? '…' : null)}`, parser: GiftPreviewSchema, nullOn404: true });
    },
    async claimGift(customerToken, token, claimantName) {
      return rest.send('POST', '/deal/gift-redeem', { body: { customerToken, claim: token, claimantName }, parser: GiftPreviewSchema });
    },
    async sentGifts(customerToken) {
      const query = (holder: string) => `?${new URLSearchParams({ customerToken: holder })}`;
      return (await rest.send('GET', `/gift/sent${query(customerToken)}`, { logPath: '/gift/sent?customerToken=…', parser: SentGiftsSchema })).gifts;
    },
  };
}
