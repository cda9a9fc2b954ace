/**
 * The returns REST shapes (issue 16 point 6; spec §7 create-return-order, /v1/returns/returns-label,
 * /v1/returns/pdf; README "Returns"). A return's status is its voucher's (the spec §3 words).
 */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema } from '@shop/platform';
import { RETURN_NOTE_MAX, RETURN_REASONS, RETURN_STEPS } from '@shop/domain/voucher-returns';
import { VOUCHER_STORED_STATUSES } from '@shop/domain/voucher-status';
import { VoucherSchema } from '../contract.ts';

const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' });
const MoneySchema = z.object({ amount: z.number().int().openapi({ description: 'Integer pence.', example: 2500 }), currency: z.string().openapi({ example: 'GBP' }) });

/** The events a return's later steps come from (README "Returns"). */
export const RETURN_EVENTS = ['shipped', 'received'] as const;
export type ReturnEventName = (typeof RETURN_EVENTS)[number];

export const CreateReturnBodySchema = z
  .object({
    voucherId: z.uuid(),
    customerToken: CustomerTokenSchema,
    reason: z.enum(RETURN_REASONS).openapi({ description: 'damaged (damaged or faulty), not_as_described, wrong_item, changed_mind.' }),
    note: z.string().trim().max(RETURN_NOTE_MAX, `A note is at most ${RETURN_NOTE_MAX} characters.`).optional().openapi({ description: "The shopper's own words, optional." }),
    deal: z
      .object({
        deliveryType: z.enum(['voucher', 'postal', 'travel']).openapi({ description: "The deal's delivery type: only 'postal' (goods sent by post) can be returned." }),
        merchant: z.object({ name: z.string().trim().min(1).max(200), address: z.string().trim().min(1).max(300), postcode: z.string().trim().min(1).max(12) }),
      })
      .openapi({ description: 'The deal as the catalogue has it (the gateway reads it from the deals service): its kind, and the merchant the parcel goes back to.' }),
  })
  .strict()
  .openapi('CreateReturnRequest');

export const ReturnQuerySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    returnId: z.uuid().optional().openapi({ description: 'The return (or voucherId).' }),
    voucherId: z.uuid().optional().openapi({ description: 'The voucher returned (or returnId).' }),
  })
  .refine((q) => (q.returnId === undefined) !== (q.voucherId === undefined), { path: ['returnId'], message: 'Give the return id or the voucher id (one of the two).' });

export const ReturnParamsSchema = z.object({ returnId: z.uuid().openapi({ param: { name: 'returnId', in: 'path' } }) });

export const ReturnEventBodySchema = z
  .object({
    event: z.enum(RETURN_EVENTS).openapi({ description: "shipped: the carrier scanned the parcel (→ Return in Transit); received: the merchant has it back (→ Returned to the Merchant, then the refund → Refunded)." }),
    actorRef: z.string().trim().min(1).max(100).optional().openapi({ description: 'Who, kept in the history (a carrier depot, a merchant account).', example: 'merchant:7' }),
  })
  .strict()
  .openapi('ReturnEventRequest');

export const ReturnSchema = z
  .object({
    id: z.uuid(),
    voucherId: z.uuid(),
    reason: z.enum(RETURN_REASONS),
    note: z.string().nullable(),
    status: z.enum(VOUCHER_STORED_STATUSES).openapi({ description: "The voucher's status: Return Requested, Return in Transit, Returned to the Merchant, Refunded." }),
    carrier: z.string(),
    trackingNumber: z.string().openapi({ description: 'The reference the label carries (text and QR code).', example: 'TDR-4821-0937-5512' }),
    to: z.object({ name: z.string(), address: z.string(), postcode: z.string() }).openapi({ description: "Where the parcel goes: the merchant's address." }),
    from: z.object({ orderNumber: z.string(), voucherCode: z.string(), title: z.string() }).openapi({ description: 'What the parcel is: the order and voucher it was bought with.' }),
    steps: z
      .array(z.object({ status: z.enum(RETURN_STEPS), at: Instant.nullable().openapi({ description: 'When the return reached this step; null: not yet.' }) }))
      .openapi({ description: 'The four steps in order, with when each was reached.' }),
    refund: z
      .object({ id: z.uuid(), state: z.enum(['requested', 'completed', 'failed']), cashAmount: MoneySchema, walletAmount: MoneySchema })
      .nullable()
      .openapi({ description: 'The refund of what was paid, once the merchant has the goods back.' }),
    createdAt: Instant,
  })
  .openapi('Return');

export const ReturnAnswerSchema = z.object({ return: ReturnSchema, voucher: VoucherSchema }).openapi('ReturnAnswer');
