/** The redemption calls' shapes beyond the single redemption (RedeemBodySchema, contract.ts): undo, the attempts log, bulk. */
import { z } from '@hono/zod-openapi';
import { hasUnsafeText, PG_INT_MAX } from '@shop/domain/safe-text';
import { REDEMPTION_CHANNELS, REDEMPTION_RESULTS } from './redemption.tables.ts';

/** Text a till sends: no control, zero-width or bidi characters (a NUL would reach the database). */
export const tillText = (max: number) => z.string().trim().min(1).max(max).refine((v) => !hasUnsafeText(v), { error: 'Remove the control characters.' });

const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' });
export const DealIds = z.array(z.number().int().min(1).max(PG_INT_MAX)).min(1).max(1000).openapi({ description: "The merchant's own deals: a voucher of another merchant's deal is not found." });
export const MerchantRef = tillText(100).openapi({ description: 'The business (kept on the event and in the attempts log).', example: 'merchant:7' });
export const ActorRef = tillText(100).openapi({ description: 'The merchant user at the till (attempts log).', example: 'user:41' });

/** Bulk: a file of up to 10,000 codes. */
export const BULK_MAX_CODES = 10_000;

export const UndoParamsSchema = z.object({ voucherId: z.uuid().openapi({ param: { name: 'voucherId', in: 'path' }, description: 'The id the redemption answered.' }) });

export const UndoBodySchema = z.object({ dealIds: DealIds, merchantRef: MerchantRef, actorRef: ActorRef.optional() }).strict().openapi('UndoRedemptionRequest');

export const AttemptsQuerySchema = z.object({
  merchantRef: MerchantRef,
  limit: z.coerce.number().int().min(1).max(200).optional().openapi({ description: 'At most this many (default 50).' }),
  before: z.coerce.number().int().min(1).optional().openapi({ description: 'Only attempts older than this one (the nextBefore of the page before).' }),
});

export const AttemptSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(REDEMPTION_CHANNELS),
    code: z.string().openapi({ description: 'What the merchant gave: the code as typed (trimmed), the scanned link, or the voucher id of an undo.' }),
    voucherId: z.uuid().nullable().openapi({ description: "The voucher, when it is one of the business's own deals' (never for a code not found)." }),
    result: z.enum(REDEMPTION_RESULTS),
    line: z.number().int().nullable().openapi({ description: 'Its line in a redemption file (csv).' }),
    actorRef: z.string().nullable(),
    attemptId: z.uuid().nullable().openapi({ description: "The device's attempt id (offline queue)." }),
    at: Instant,
  })
  .openapi('RedemptionAttempt');

export const AttemptsPageSchema = z
  .object({
    attempts: z.array(AttemptSchema).openapi({ description: 'Newest first.' }),
    nextBefore: z.number().int().nullable().openapi({ description: 'The before of the next page; null at the end.' }),
  })
  .openapi('RedemptionAttempts');

export const BulkBodySchema = z
  .object({
    dealIds: DealIds,
    merchantRef: MerchantRef,
    actorRef: ActorRef.optional(),
    codes: z
      .array(z.string().max(40).refine((v) => !hasUnsafeText(v.trim()), { error: 'Remove the control characters.' }))
      .min(1)
      .max(BULK_MAX_CODES)
      .openapi({ description: 'The codes in the order of the file (codesFromCsv in @shop/domain/redemption-csv reads one).' }),
    lines: z
      .array(z.number().int().min(1).max(PG_INT_MAX))
      .optional()
      .openapi({ description: "Each code's line in the file, as many as codes (default 1, 2, 3, …): the answer names them." }),
  })
  .strict()
  .refine((b) => b.lines === undefined || b.lines.length === b.codes.length, { path: ['lines'], message: 'Give one line number for each code.' })
  .openapi('BulkRedemptionRequest');

export const BulkLineSchema = z
  .object({
    line: z.number().int(),
    code: z.string().openapi({ description: 'The code as given, trimmed.' }),
    result: z.enum(['redeemed', 'already_redeemed', 'not_redeemable', 'not_found']),
    message: z.string().openapi({ description: 'The result in words for the merchant (already redeemed on …, expired on …, already redeemed (line N)).' }),
    voucherId: z.uuid().optional(),
    redeemedAt: Instant.optional().openapi({ description: 'When it was redeemed (this time or before).' }),
    duplicateOfLine: z.number().int().optional().openapi({ description: 'The same code appeared first on this line; that line decided.' }),
  })
  .openapi('BulkRedemptionLine');

export const BulkAnswerSchema = z
  .object({
    results: z.array(BulkLineSchema).openapi({ description: 'One per code, in order.' }),
    summary: z.object({ redeemed: z.number().int(), alreadyRedeemed: z.number().int(), notRedeemable: z.number().int(), notFound: z.number().int() }),
  })
  .openapi('BulkRedemptionAnswer');
