/** Per-deal commission (issue 17 point 6): the shapes of /businesses/{id}/commission. */
import { z } from '@hono/zod-openapi';
import { hasUnsafeText, PG_INT_MAX } from '@shop/domain/safe-text';

const BP_MESSAGE = 'A whole number of basis points from 0 to 10000.';
const Bp = z.number({ error: BP_MESSAGE }).int({ error: BP_MESSAGE }).min(0, { error: BP_MESSAGE }).max(10_000, { error: BP_MESSAGE });

export const CommissionRatesSchema = z
  .object({
    businessId: z.number().int(),
    defaultBp: z.number().int().openapi({ description: "The business's rate, basis points (2500 = 25%): every deal without a rate of its own." }),
    perDeal: z.array(z.object({ dealId: z.number().int(), commissionBp: z.number().int() })).openapi({ description: "The business's deals with a rate of their own." }),
  })
  .openapi('CommissionRates');

export const SetDealCommissionSchema = z
  .strictObject({
    commissionBp: Bp.nullable().openapi({ description: "The deal's rate in basis points; null removes it (the business's rate applies).", example: 1500 }),
    actorRef: z
      .string({ error: 'Say who sets it (actorRef).' })
      .trim()
      .min(1, { error: 'Say who sets it (actorRef).', abort: true })
      .max(100, { error: 'At most 100 characters.', abort: true })
      .refine((v) => !hasUnsafeText(v), { error: 'Remove the control characters.' })
      .openapi({ description: 'The staff person setting it.', example: 'staff:anna' }),
  })
  .openapi('SetDealCommission');

export const BusinessIdParam = z.string().max(40).openapi({ param: { name: 'id', in: 'path' }, description: 'The business id.', example: '12' });
export const DealIdParam = z.coerce
  .number({ error: 'A deal id.' })
  .int({ error: 'A deal id.' })
  .min(1, { error: 'A deal id.' })
  .max(PG_INT_MAX, { error: 'A deal id.' })
  .openapi({ param: { name: 'dealId', in: 'path' }, description: 'One of the business\'s deals.', example: 41 });

export type CommissionRatesResponse = z.infer<typeof CommissionRatesSchema>;
