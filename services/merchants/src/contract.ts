/** The merchants service's REST contract (README.md): bodies and answers as zod schemas. */
import { z } from '@hono/zod-openapi';
import { hasUnsafeText, merchantApplicationSchema, MERCHANT_CITIES, MERCHANT_MESSAGES, MERCHANT_TYPES } from '@shop/domain/merchants';

export const ApplicationBodySchema = z.strictObject(merchantApplicationSchema.shape).openapi('MerchantApplicationRequest', {
  description: 'The "Become a merchant" form. The phone is a UK number (stored as +44…); the postcode a UK postcode (normalised); category a top-level category slug of the catalogue.',
  example: { businessName: 'The Byres Tearoom', contactName: 'Morag Reid', email: 'morag@byrestearoom.example', phone: '0141 496 0123', addressLine: '12 Byres Road', postcode: 'G12 8TD', category: 'afternoon-tea', city: 'Glasgow', type: 'local' },
});

export const ApplicationSchema = z
  .object({
    id: z.number().int().openapi({ example: 41 }),
    status: z.enum(['pending', 'approved', 'rejected']),
    businessName: z.string(),
    contactName: z.string(),
    email: z.string().openapi({ description: 'Normalised (lower case).' }),
    phone: z.string().openapi({ description: 'E.164.', example: '+441414960123' }),
    addressLine: z.string(),
    postcode: z.string().openapi({ example: 'G12 8TD' }),
    category: z.string(),
    city: z.enum(MERCHANT_CITIES),
    type: z.enum(MERCHANT_TYPES),
    createdAt: z.string().openapi({ description: 'ISO 8601.' }),
    decidedAt: z.string().nullable(),
    decidedBy: z.string().nullable().openapi({ description: 'The staff person who decided (actorRef).' }),
    rejectReason: z.string().nullable(),
    businessId: z.number().int().nullable().openapi({ description: 'The business made by its approval.' }),
  })
  .openapi('MerchantApplication');

export const SubmittedSchema = z
  .object({ created: z.boolean().openapi({ description: 'false: this email already had a pending application, which is answered (nothing new was written or mailed).' }), application: ApplicationSchema })
  .openapi('MerchantApplicationSubmitted');

export const BusinessSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(MERCHANT_TYPES),
    category: z.string(),
    city: z.enum(MERCHANT_CITIES),
    contactName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string(),
    postcode: z.string(),
    catalogueMerchantId: z.number().int().nullable().openapi({ description: "The deals service's merchant id; null until its first deal is listed." }),
    commissionBp: z.number().int().openapi({ description: "The shop's commission in basis points (2500 = 25%)." }),
    status: z.enum(['active', 'suspended']),
    createdAt: z.string(),
  })
  .openapi('Business');

const ActorRef = z
  .string({ error: 'Say who decides (actorRef).' })
  .trim()
  .min(1, { error: 'Say who decides (actorRef).', abort: true })
  .max(100, { error: MERCHANT_MESSAGES.tooLong(100), abort: true })
  .refine((v) => !hasUnsafeText(v), { error: MERCHANT_MESSAGES.unsafeText })
  .openapi({ description: 'The staff person deciding, kept in the history.', example: 'staff:anna' });

export const ApproveBodySchema = z
  .strictObject({
    actorRef: ActorRef,
    commissionBp: z.number({ error: 'A whole number of basis points from 0 to 10000.' }).int({ error: 'A whole number of basis points from 0 to 10000.' }).min(0, { error: 'A whole number of basis points from 0 to 10000.' }).max(10_000, { error: 'A whole number of basis points from 0 to 10000.' }).optional().openapi({ description: 'Default 2500 (25%).' }),
  })
  .openapi('ApproveMerchantApplication');

export const RejectBodySchema = z
  .strictObject({
    actorRef: ActorRef,
    reason: z
      .string({ error: MERCHANT_MESSAGES.required })
      .trim()
      .min(1, { error: MERCHANT_MESSAGES.required, abort: true })
      .max(500, { error: MERCHANT_MESSAGES.tooLong(500), abort: true })
      .refine((v) => !hasUnsafeText(v), { error: MERCHANT_MESSAGES.unsafeText })
      .openapi({ description: 'Told to the applicant.', example: 'We already have enough afternoon tea offers in Glasgow West End.' }),
  })
  .openapi('RejectMerchantApplication');

export const ApprovedSchema = z
  .object({
    created: z.boolean().openapi({ description: 'false: it was already approved (this call made nothing).' }),
    application: ApplicationSchema,
    business: BusinessSchema,
    owner: z.enum(['member', 'pending']).openapi({ description: "member: the applicant's confirmed account owns the business now; pending: it will when an account with the application's email is confirmed." }),
  })
  .openapi('MerchantApplicationApproved');

export const DashboardUrlSchema = z.object({ url: z.string().openapi({ example: '/insights?type=travel' }) }).openapi('MerchantDashboardUrl');

export type ApplicationResponse = z.infer<typeof ApplicationSchema>;
export type BusinessResponse = z.infer<typeof BusinessSchema>;

/** A business as its member sees it: their role and the business's deal ids (for redemption). */
export const MemberBusinessSchema = BusinessSchema.extend({
  role: z.enum(['owner', 'staff']),
  dealIds: z.array(z.number().int()).openapi({ description: "Its catalogue merchant's deals (empty until its first deal is listed)." }),
}).openapi('MemberBusiness');
export const MemberBusinessesSchema = z.object({ businesses: z.array(MemberBusinessSchema) }).openapi('MemberBusinesses');
export type MemberBusinessResponse = z.infer<typeof MemberBusinessSchema>;
