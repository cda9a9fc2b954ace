/**
 * The vouchers service's REST shapes (README.md is the contract). Money is integer pence;
 * instants are ISO 8601; statuses are the spec §3 words, with their codes for GraphQL enums.
 */
import { z } from '@hono/zod-openapi';
import { VOUCHER_ACTORS, VOUCHER_HISTORY_EVENTS, VOUCHER_STATUS_CODES, VOUCHER_STORED_STATUSES, type VoucherStatusCode } from '@shop/domain/voucher-status';
import { VOUCHER_CODE_PATTERN } from './issue/voucher-codes.ts';
import { ActorRef, DealIds, MerchantRef, tillText } from './redemption/redemption.contract.ts';

import { CustomerTokenSchema } from '@shop/platform';

export { ProblemSchema } from '@shop/platform';

/** Spec §7/§9 feeds: "find" 20 a page, "voucher" (My Vouchers) 10. */
export const VOUCHER_FEEDS = { find: 20, voucher: 10 } as const;
export type VoucherFeed = keyof typeof VOUCHER_FEEDS;

const STATUS_CODES = Object.values(VOUCHER_STATUS_CODES) as [VoucherStatusCode, ...VoucherStatusCode[]];


const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' });
const MoneySchema = z.object({ amount: z.number().int().openapi({ description: 'Integer pence.', example: 2500 }), currency: z.string().openapi({ example: 'GBP' }) });

export const VoucherSchema = z
  .object({
    id: z.uuid(),
    code: z.string().openapi({ description: 'The code the merchant redeems (three groups of six).', example: 'K7QZ2M-9TXB4R-WC3HDN' }),
    status: z.enum(VOUCHER_STORED_STATUSES).openapi({ description: 'Spec §3 status words (Cancelled: the payment was declined at settlement).' }),
    statusCode: z.enum(STATUS_CODES).openapi({ description: 'The status as a code (READY_TO_REDEEM, …).' }),
    statusDescription: z.string().nullable().openapi({ description: 'Spec §3 words that explain the status, where it gives them.' }),
    orderId: z.uuid(),
    orderNumber: z.string(),
    dealId: z.number().int(),
    dealProductId: z.number().int(),
    title: z.string().openapi({ description: 'The option bought.' }),
    recipientName: z.string().nullable().openapi({ description: 'The e-gift recipient, when the voucher is a gift.' }),
    price: MoneySchema.openapi({ description: 'The unit price of the option bought.' }),
    paid: MoneySchema.openapi({ description: "What was paid for this voucher: its share of the order after any promo discount (what a refund or credit gives back)." }),
    paidAt: Instant,
    expiresAt: Instant.nullable(),
    extendedMonths: z.number().int().min(0).max(3),
    refundableUntil: Instant.openapi({ description: 'The end of the 14-day refund window (London), spec §9.' }),
    createdAt: Instant,
    redemptionLink: z
      .string()
      .nullable()
      .openapi({ description: "The signed link its QR code carries (never the code), for its holder's own pages; null where the answer is not the holder's (the checkout's order view)." }),
    giftReceived: z.boolean().openapi({
      description:
        "Its holder received it as a gift (a claim moved it to them): the money is the buyer's, so it cannot be refunded, exchanged or returned by them, and the shop shows them no price. Given by the holder's reads (feed, one voucher); false in other answers.",
    }),
  })
  .openapi('Voucher');

export const VoucherEventSchema = z
  .object({
    event: z.enum(VOUCHER_HISTORY_EVENTS),
    fromStatus: z.enum(VOUCHER_STORED_STATUSES).nullable(),
    toStatus: z.enum(VOUCHER_STORED_STATUSES),
    actor: z.enum(VOUCHER_ACTORS),
    reason: z.string(),
    at: Instant,
  })
  .openapi('VoucherEvent');

export const VoucherDetailSchema = VoucherSchema.extend({ history: z.array(VoucherEventSchema).openapi({ description: 'Every change, oldest first.' }) }).openapi('VoucherDetail');

export const VoucherPageSchema = z
  .object({
    edges: z.array(z.object({ cursor: z.string().openapi({ description: 'Where the next page starts after this voucher (the after of the next call).' }), node: VoucherSchema })),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
    totalCount: z.number().int().openapi({ description: 'Vouchers matching the filter, all pages.' }),
  })
  .openapi('VoucherPage');

export const FeedParamsSchema = z.object({
  feed: z.enum(Object.keys(VOUCHER_FEEDS) as [VoucherFeed, ...VoucherFeed[]]).openapi({ param: { name: 'feed', in: 'path' }, description: 'find: 20 a page; voucher: 10 a page.' }),
});

export const FeedQuerySchema = z.object({
  customerToken: CustomerTokenSchema,
  after: z.string().max(200).optional().openapi({ description: 'The endCursor of the page before.' }),
  first: z.coerce.number().int().min(1).max(50).optional().openapi({ description: "Page size (default: the feed's)." }),
  status: z.enum(STATUS_CODES).optional().openapi({ description: 'Only vouchers in this status.' }),
  giftPacks: z.enum(['true', 'false']).optional().openapi({ description: 'Spec §7 giftPacks=true: accepted; a voucher is never a gift pack.' }),
});

export const VoucherParamsSchema = z.object({ voucherId: z.uuid().openapi({ param: { name: 'voucherId', in: 'path' } }) });
export const HolderQuerySchema = z.object({ customerToken: CustomerTokenSchema });

export const RedeemBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(VOUCHER_CODE_PATTERN, 'A voucher code is three groups of six letters and digits, e.g. K7QZ2M-9TXB4R-WC3HDN.')
      .optional()
      .openapi({ description: 'The code as typed at the till (or link).' }),
    link: tillText(300).optional().openapi({ description: "The link of the voucher's QR code, as scanned (or code)." }),
    dealIds: DealIds,
    merchantRef: MerchantRef,
    actorRef: ActorRef.optional(),
    channel: z
      .enum(['typed', 'qr', 'offline'])
      .optional()
      .openapi({ description: 'How the code came (attempts log): typed, qr (a scanned link), offline (sent from a device queue); default typed for a code, qr for a link.' }),
    attemptId: z
      .uuid()
      .optional()
      .openapi({ description: "The device's own id of this attempt (offline queue): the same id again answers exactly the first answer and redeems nothing more." }),
  })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.link === undefined), { path: ['code'], message: 'Give the voucher code or the link of its QR code (one of the two).' })
  .openapi('RedeemRequest');

export const PrintBodySchema = z
  .object({
    voucherId: z.uuid(),
    customerToken: CustomerTokenSchema,
    deal: z
      .object({
        title: z.string().min(1).max(300),
        merchant: z.object({ name: z.string().min(1).max(200), address: z.string().max(300), postcode: z.string().max(12) }),
        finePrint: z.array(z.string().max(1000)).max(40),
        howToRedeem: z.string().min(1).max(2000),
      })
      .openapi({ description: "The deal's words as the catalogue has them (the gateway reads them from the deals service)." }),
  })
  .strict()
  .openapi('PrintVoucherRequest');

export const RefundBodySchema = z
  .object({
    voucherId: z.uuid(),
    customerToken: CustomerTokenSchema,
    destination: z.enum(['original', 'wallet']).openapi({ description: 'original (the default in the shop): back to the payment method; wallet: as wallet credit, only with walletConsent.' }),
    walletConsent: z.boolean().optional().openapi({ description: "The shopper's express consent to wallet credit instead of their payment method (recorded; reliability M7)." }),
    idempotencyKey: z
      .string()
      .regex(/^[\x21-\x7e]{1,64}$/, 'An idempotency key is 1 to 64 printable characters.')
      .openapi({ description: 'The same key answers the same refund again, never a second one.' }),
  })
  .strict()
  .openapi('RefundRequest');

export const RefundSchema = z
  .object({
    id: z.uuid(),
    voucherId: z.uuid(),
    destination: z.enum(['original', 'wallet']),
    state: z.enum(['requested', 'completed', 'failed']).openapi({ description: 'requested: recorded, the provider not yet done (retried); completed; failed: the provider refused, a person follows up.' }),
    cashAmount: MoneySchema.openapi({ description: 'Back to the payment method.' }),
    walletAmount: MoneySchema.openapi({ description: 'Back to the wallet (what the wallet paid, or all of it by consent).' }),
    createdAt: Instant,
  })
  .openapi('Refund');

export const RefundAnswerSchema = z.object({ refund: RefundSchema, voucher: VoucherSchema }).openapi('RefundAnswer');

export const CreditBodySchema = z
  .object({
    voucherId: z.uuid(),
    customerToken: CustomerTokenSchema,
  })
  .strict()
  .openapi('CreditRequest');

export const CreditAnswerSchema = z
  .object({
    credit: MoneySchema.openapi({ description: 'The wallet credit given: what the voucher was paid.' }),
    voucher: VoucherSchema,
  })
  .openapi('CreditAnswer');

export const ExpiredCreditAnswerSchema = z
  .object({
    credit: MoneySchema.openapi({ description: 'The wallet credit given: what the voucher was paid.' }),
    validUntil: Instant.openapi({ description: 'When the credit expires: the end of day 14 (London) after it was given (spec §9); what is left of it then is taken away.' }),
    voucher: VoucherSchema,
  })
  .openapi('ExpiredCreditAnswer');
