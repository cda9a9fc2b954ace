/**
 * Refer a friend as JSON (services/users README "Refer a friend"): the gateway parses the answers
 * with these schemas.
 */
import { z } from '@hono/zod-openapi';
import { REFERRAL_STATUSES } from '@shop/domain/referrals';

export const ReferralStatusSchema = z
  .object({
    data: z.object({
      code: z.string(),
      shares: z.number().int(),
      opens: z.number().int(),
      joined: z.number().int(),
      pending: z.number().int(),
      pendingAmount: z.number().int().openapi({ description: 'Pence the pending referrals will pay the referrer once due.' }),
      credited: z.number().int(),
      creditedAmount: z.number().int().openapi({ description: 'Pence credited to the referrer so far.' }),
      creditedFriends: z.number().int(),
      nextDueAt: z.string().nullable(),
    }),
  })
  .openapi('ReferralStatus');

const ReferralSchema = z
  .object({
    id: z.string(),
    friend: z.string().openapi({ description: 'The friend\'s first name, or the address masked (a***@example.com).' }),
    status: z.enum(REFERRAL_STATUSES),
    joinedAt: z.string(),
    dueAt: z.string().nullable(),
    settledAt: z.string().nullable(),
    amount: z.number().int(),
  })
  .openapi('Referral');

export const ReferralPageSchema = z.object({ data: z.array(ReferralSchema), nextCursor: z.string().nullable() }).openapi('ReferralPage');

export const ReferralShareSchema = z.object({ channel: z.enum(['copy', 'email', 'whatsapp', 'twitter', 'facebook']) }).strict().openapi('ReferralShare');
export const ReferralSharedSchema = z.object({ data: z.object({ shares: z.number().int() }) }).openapi('ReferralShared');
export const ReferralOpenSchema = z.object({ code: z.string().max(100) }).strict().openapi('ReferralOpen');
export const ReferralOpenedSchema = z.object({ data: z.object({ known: z.boolean() }) }).openapi('ReferralOpened');
export const ReferralJoinSchema = z.object({ code: z.string().max(100) }).strict().openapi('ReferralJoin');
export const ReferralJoinedSchema = z
  .object({ data: z.object({ joined: z.boolean(), reason: z.enum(['SELF_ACCOUNT', 'SELF_EMAIL', 'ALREADY_REFERRED', 'NOT_NEW', 'UNKNOWN_CODE']).nullable() }) })
  .openapi('ReferralJoined');

export type ReferralStatusData = z.infer<typeof ReferralStatusSchema>['data'];
export type ReferralData = z.infer<typeof ReferralSchema>;
