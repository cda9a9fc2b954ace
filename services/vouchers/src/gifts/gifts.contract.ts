/**
 * The gifts calls' shapes (README "Gifts"). A claim token is 32 base64url characters (192 random
 * bits); the claim link is `{PUBLIC_BASE_URL}/mygift?claim=<token>`. Never a price here.
 */
import { z } from '@hono/zod-openapi';
import { VOUCHER_STATUS_CODES, VOUCHER_STORED_STATUSES, type VoucherStatusCode } from '@shop/domain/voucher-status';
import { CustomerTokenSchema } from '@shop/platform';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';

const STATUS_CODES = Object.values(VOUCHER_STATUS_CODES) as [VoucherStatusCode, ...VoucherStatusCode[]];
const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' });

export const GIFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
export const GIFT_TOKEN_MESSAGE = 'A gift claim code is the 32 letters and digits after "claim=" in the gift email.';

/** Spec words the shopper reads (also the problems' details). */
export const GIFT_MESSAGES = {
  notFound: ERROR_MESSAGES.GIFT_NOT_FOUND,
  alreadyClaimed: ERROR_MESSAGES.GIFT_ALREADY_CLAIMED,
  ownGift: ERROR_MESSAGES.OWN_GIFT,
  notGiftable: ERROR_MESSAGES.VOUCHER_NOT_GIFTABLE,
  noLongerAvailable: ERROR_MESSAGES.GIFT_NO_LONGER_AVAILABLE,
} as const;

const ClaimToken = z.string().trim().regex(GIFT_TOKEN_PATTERN, GIFT_TOKEN_MESSAGE).openapi({ description: 'The claim token of the gift link.', example: 'q3v1X9mZ0bR8kT2yW5nC7aE4dF6gH1jL' });

export const GiftVoucherSchema = z
  .object({
    id: z.uuid().nullable().openapi({ description: 'Given only to its claimant once claimed (null before).' }),
    title: z.string().openapi({ description: 'The option.' }),
    dealId: z.number().int(),
    dealProductId: z.number().int(),
    status: z.enum(VOUCHER_STORED_STATUSES),
    statusCode: z.enum(STATUS_CODES),
    expiresAt: Instant.nullable(),
    claimable: z.boolean().openapi({ description: 'Whether a claim (still) moves this voucher: Ready to Redeem and still held by the giver.' }),
  })
  .openapi('GiftVoucher');

export const GiftPreviewSchema = z
  .object({
    giverName: z.string().openapi({ description: 'Who sent it, as the gift names them.' }),
    recipientName: z.string(),
    message: z.string().nullable().openapi({ description: "The giver's message." }),
    sentAt: Instant,
    claimed: z.boolean().openapi({ description: 'True only when the caller claimed it (anyone else gets the 404 of an unknown token).' }),
    claimedAt: Instant.nullable(),
    claimable: z.boolean().openapi({ description: 'Whether a claim can still give anything: unclaimed, with a voucher still Ready to Redeem and still held by the giver (false once claimed, or when every voucher was used, refunded or expired since).' }),
    vouchers: z.array(GiftVoucherSchema),
  })
  .openapi('GiftPreview');

export const SentGiftSchema = z
  .object({
    id: z.uuid(),
    recipientName: z.string(),
    recipientEmail: z.string(),
    message: z.string().nullable(),
    sentAt: Instant,
    sendOn: z.string().nullable().openapi({ description: "Issue 18 point 2: the London date (YYYY-MM-DD) a dated e-gift's email goes out; null: sent straight after payment." }),
    claimedAt: Instant.nullable(),
    claimedByName: z.string().nullable().openapi({ description: 'The name of the account that claimed it.' }),
    vouchers: z.array(z.object({ id: z.uuid(), title: z.string(), dealId: z.number().int() })),
  })
  .openapi('SentGift');

export const ClaimQuerySchema = z.object({
  claim: ClaimToken,
  customerToken: CustomerTokenSchema.optional().openapi({ description: 'The signed-in viewer, if any: the claimant of a claimed gift sees it claimed.' }),
});

export const CreateGiftBodySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    voucherId: z.uuid(),
    giverName: z.string().trim().min(1, 'Enter your name.').max(100).openapi({ description: 'The name the recipient reads (the gateway gives the account name).' }),
    recipient: z
      .object({
        name: z.string().trim().min(1, "Enter the recipient's name.").max(100),
        email: z.email("Enter the recipient's email address.").max(254),
        message: z.string().trim().max(500, 'A message is at most 500 characters.').optional(),
      })
      .strict(),
  })
  .strict()
  .openapi('CreateGiftRequest');

export const RedeemGiftBodySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    claim: ClaimToken,
    claimantName: z.string().trim().min(1).max(100).openapi({ description: 'The claiming account\'s name, which the giver sees ("Claimed by …").' }),
  })
  .strict()
  .openapi('RedeemGiftRequest');

export const SentGiftsQuerySchema = z.object({ customerToken: CustomerTokenSchema });
export const SentGiftsSchema = z.object({ gifts: z.array(SentGiftSchema) }).openapi('SentGifts');
export const CreateGiftAnswerSchema = z.object({ gift: SentGiftSchema }).openapi('CreateGiftAnswer');
