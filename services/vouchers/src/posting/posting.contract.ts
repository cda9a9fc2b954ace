/** Goods posting (issue 17 point 5): the merchant's orders to post, the ones sent, and returns on their way. */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema } from '@shop/platform';
import { hasUnsafeText } from '@shop/domain/safe-text';
import { VOUCHER_STORED_STATUSES } from '@shop/domain/voucher-status';
import { ActorRef, DealIds, MerchantRef } from '../redemption/redemption.contract.ts';

/** The carriers a merchant chooses from (stored as these words; the shopper reads "by Royal Mail"). */
export const POSTING_CARRIERS = ['Royal Mail', 'DPD', 'Evri', 'Parcelforce', 'Other'] as const;
export type PostingCarrier = (typeof POSTING_CARRIERS)[number];

/** 3–40 letters, digits, spaces, hyphens or slashes, starting and ending with a letter or digit: what carriers print. */
export const TRACKING_REFERENCE_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 /-]{1,38})[A-Za-z0-9]$/;
export const TRACKING_REFERENCE_MESSAGE = 'Enter the tracking reference the carrier gave you: 3 to 40 letters, digits, spaces or hyphens.';

export const TrackingReference = z
  .string()
  .trim()
  .refine((v) => !hasUnsafeText(v) && TRACKING_REFERENCE_PATTERN.test(v), { error: TRACKING_REFERENCE_MESSAGE })
  .openapi({ description: 'The carrier\'s tracking reference: 3–40 letters, digits, spaces, hyphens or slashes.', example: 'JD014600006281234567' });

const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' });

/** dealIds in a query: a comma-separated list. */
const DealIdsQuery = z
  .string()
  .max(12_000)
  .transform((v, ctx) => {
    const ids = v.split(',').map((s) => s.trim());
    if (ids.some((s) => !/^[1-9][0-9]{0,9}$/.test(s))) {
      ctx.addIssue({ code: 'custom', message: 'Give deal ids as whole numbers separated by commas.' });
      return z.NEVER;
    }
    return ids.map(Number);
  })
  .pipe(DealIds)
  .openapi({ description: "The business's own deals sent by post, comma-separated: a voucher of another merchant's deal is never listed.", example: '7,8', type: 'string' });

export const PostingListQuerySchema = z.object({
  dealIds: DealIdsQuery,
  first: z.coerce.number().int().min(1).max(100).optional().openapi({ description: 'At most this many (default 20).' }),
  after: z.string().max(200).optional().openapi({ description: 'The nextAfter of the page before.' }),
});

export const PostingParamsSchema = z.object({ voucherId: z.uuid().openapi({ param: { name: 'voucherId', in: 'path' }, description: 'The voucher (one unit of goods).' }) });

export const MarkSentBodySchema = z
  .object({
    merchantRef: MerchantRef,
    dealIds: DealIds,
    actorRef: ActorRef.optional(),
    carrier: z.enum(POSTING_CARRIERS, { error: 'Choose the carrier.' }).openapi({ description: 'Who carries the parcel.' }),
    trackingReference: TrackingReference,
  })
  .strict()
  .openapi('MarkSentRequest');

export const ReturnReceivedBodySchema = z.object({ merchantRef: MerchantRef, dealIds: DealIds, actorRef: ActorRef.optional() }).strict().openapi('ReturnReceivedRequest');

export const DeliverToSchema = z
  .object({ name: z.string(), line1: z.string(), line2: z.string().nullable(), town: z.string(), county: z.string().nullable(), postcode: z.string() })
  .openapi('DeliverTo', { description: "The order's delivery address, as the shopper gave it at checkout." });

export const DispatchSchema = z
  .object({ carrier: z.enum(POSTING_CARRIERS), trackingReference: z.string(), sentAt: Instant })
  .openapi('Dispatch', { description: 'When and how the goods were sent.' });

export const PostedOrderSchema = z
  .object({
    voucherId: z.uuid(),
    orderNumber: z.string(),
    dealId: z.number().int(),
    title: z.string().openapi({ description: 'The option bought.' }),
    lineQuantity: z.number().int().openapi({ description: 'How many units its order line bought (each unit is a voucher, posted and marked on its own).' }),
    paidAt: Instant,
    status: z.enum(VOUCHER_STORED_STATUSES),
    deliverTo: DeliverToSchema.nullable().openapi({ description: 'Null when the order recorded no address (an order paid before addresses were kept).' }),
    dispatch: DispatchSchema.nullable(),
  })
  .openapi('PostedOrder');

export const PostedOrdersPageSchema = z
  .object({ orders: z.array(PostedOrderSchema), nextAfter: z.string().nullable().openapi({ description: 'The after of the next page; null at the end.' }) })
  .openapi('PostedOrdersPage');

export const ReturnOnItsWaySchema = z
  .object({
    voucherId: z.uuid(),
    orderNumber: z.string(),
    title: z.string(),
    status: z.enum(VOUCHER_STORED_STATUSES),
    reason: z.string().openapi({ description: 'Why the shopper sent it back, in words.' }),
    note: z.string().nullable(),
    carrier: z.string(),
    trackingNumber: z.string(),
    requestedAt: Instant,
  })
  .openapi('ReturnOnItsWay');

export const ReturnsPageSchema = z
  .object({ returns: z.array(ReturnOnItsWaySchema), nextAfter: z.string().nullable() })
  .openapi('ReturnsOnTheirWayPage');

/** Which vouchers have been sent, for their holder (My Vouchers). */
export const HolderDispatchQuerySchema = z.object({
  customerToken: CustomerTokenSchema,
  voucherIds: z
    .string()
    .max(4_000)
    .transform((v, ctx) => {
      const ids = v.split(',');
      if (ids.length > 100 || ids.some((id) => !z.uuid().safeParse(id).success)) {
        ctx.addIssue({ code: 'custom', message: 'Give up to 100 voucher ids separated by commas.' });
        return z.NEVER;
      }
      return ids;
    })
    .openapi({ type: 'string', description: 'Comma-separated voucher ids (up to 100).' }),
});

export const HolderDispatchesSchema = z
  .object({ dispatches: z.array(DispatchSchema.extend({ voucherId: z.uuid() })).openapi({ description: "Only the holder's vouchers that were sent." }) })
  .openapi('HolderDispatches');

/**
 * A keyset position in a posting list (opaque to callers; the gateway makes its edges' cursors with it):
 * base64url JSON of [the instant the list is ordered by, the voucher id].
 */
export interface PostingCursor {
  at: Date;
  id: string;
}

export const encodePostingCursor = (c: PostingCursor) => Buffer.from(JSON.stringify([c.at.toISOString(), c.id])).toString('base64url');

/** Null for anything that is not a cursor we made (the handler's 400 naming `after`). */
export function decodePostingCursor(value: string): PostingCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') return null;
    const at = new Date(parsed[0]);
    if (Number.isNaN(at.getTime()) || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(parsed[1])) return null;
    return { at, id: parsed[1] };
  } catch {
    return null;
  }
}
