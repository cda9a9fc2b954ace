/** The shapes of GET /voucher/vve (issue 16 point 7; README "Validity extension"). */
import { z } from '@hono/zod-openapi';
import { VOUCHER_STATUS_CODES, VOUCHER_STORED_STATUSES, type VoucherStatusCode } from '@shop/domain/voucher-status';
import { CustomerTokenSchema } from '@shop/platform';

const STATUS_CODES = Object.values(VOUCHER_STATUS_CODES) as [VoucherStatusCode, ...VoucherStatusCode[]];
const Instant = z.string().openapi({ description: 'ISO 8601 instant.', example: '2027-02-26T23:59:59.999Z' });
const Money = z.object({ amount: z.number().int().openapi({ description: 'Integer pence.', example: 100 }), currency: z.string().openapi({ example: 'GBP' }) });

export const EXTENSION_REFUSALS = ['EXPIRED', 'NOT_READY', 'MAX_EXTENDED', 'NO_EXPIRY'] as const;

export const ExtensionQuerySchema = z.object({ customerToken: CustomerTokenSchema, voucherId: z.uuid().openapi({ description: 'The voucher of this holder.' }) });

export const VoucherExtensionSchema = z
  .object({
    voucherId: z.uuid(),
    orderNumber: z.string().openapi({ description: 'The order the voucher was bought in: POST /order-addon of the checkout pays for the extension with it.' }),
    dealId: z.number().int(),
    title: z.string().openapi({ description: 'The option bought.' }),
    status: z.enum(VOUCHER_STORED_STATUSES),
    statusCode: z.enum(STATUS_CODES),
    expiresAt: Instant.nullable(),
    extendedMonths: z.number().int().min(0).max(3).openapi({ description: 'Months already added (spec §9: 3 in all at most).' }),
    monthsLeft: z.number().int().min(0).max(3).openapi({ description: 'Months that can still be added.' }),
    options: z
      .array(z.object({ months: z.number().int().min(1).max(3), price: Money, expiresAt: Instant.openapi({ description: 'The new expiry: the end of the London day that many months after the current one.' }) }))
      .openapi({ description: 'One per number of months still possible, priced by the VVE rule (@shop/domain/voucher-extension); empty when it cannot be extended.' }),
    unavailable: z
      .object({ code: z.enum(EXTENSION_REFUSALS), message: z.string() })
      .nullable()
      .openapi({ description: 'Why it cannot be extended: EXPIRED, NOT_READY (redeemed, refunded, booked…), MAX_EXTENDED (3 months already), NO_EXPIRY; null when it can.' }),
  })
  .openapi('VoucherExtension');
