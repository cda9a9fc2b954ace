import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { commonErrors, SESSION_SECURITY, sessionErrors } from '../lib/http.ts';
import { ReferralJoinedSchema, ReferralJoinSchema, ReferralOpenedSchema, ReferralOpenSchema, ReferralPageSchema, ReferralSharedSchema, ReferralShareSchema, ReferralStatusSchema } from './referrals.contract.ts';

const body = <T>(schema: T, description: string) => ({ body: { required: true, description, content: { 'application/json': { schema } } } });

export const rafStatus = createRoute({
  method: 'get',
  path: '/user/raf/status',
  operationId: 'referralStatus',
  tags: ['User'],
  summary: "The signed-in shopper's referral link, counters and totals (spec §7 {user}/raf/status)",
  description: 'The personal link (its code, made on first use and kept), how often it was opened and shared, the friends who joined, the referrals pending with what they will pay the referrer, and what was credited (domain/src/referrals.ts).',
  security: SESSION_SECURITY,
  request: { query: z.object({ origin: z.string().max(100).optional().openapi({ description: 'Where the page asking is (spec §7 ?origin=); not used for the answer.' }) }) },
  responses: { 200: jsonContent(ReferralStatusSchema, 'The link (made on first use) and the totals.'), ...commonErrors, ...sessionErrors },
});

export const rafReferrals = createRoute({
  method: 'get',
  path: '/user/raf/referrals',
  operationId: 'referrals',
  tags: ['User'],
  summary: "The signed-in shopper's referrals, newest first",
  description: 'Keyset paged (nextCursor). Each friend is shown by first name only, or the address masked; never an id or a customer token.',
  security: SESSION_SECURITY,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).default(20),
      after: z.string().max(200).optional().openapi({ description: 'nextCursor of the page before.' }),
    }),
  },
  responses: { 200: jsonContent(ReferralPageSchema, 'One page of referrals (the friend masked).'), ...commonErrors, ...sessionErrors },
});

export const rafShare = createRoute({
  method: 'post',
  path: '/user/raf/stat/share',
  operationId: 'referralShared',
  tags: ['User'],
  summary: 'Counts a share of the signed-in shopper\'s link (spec §7 user/raf/stat/share)',
  description: 'One more share of the session\'s own link, counted in one statement; the channel is the button used.',
  security: SESSION_SECURITY,
  request: body(ReferralShareSchema, '{ channel }: how it was shared.'),
  responses: { 200: jsonContent(ReferralSharedSchema, 'The shares counted so far.'), ...commonErrors, ...sessionErrors },
});

export const rafOpen = createRoute({
  method: 'post',
  path: '/user/raf/stat/open',
  operationId: 'referralOpened',
  tags: ['User'],
  summary: 'Counts an open of a personal link (spec §7 user/raf/stat/open); needs no session',
  description: 'The gateway calls it when someone opens /r/{code}; a code nobody has counts nothing and answers known false.',
  request: body(ReferralOpenSchema, '{ code } of the link opened.'),
  responses: { 200: jsonContent(ReferralOpenedSchema, 'known: false for a code nobody has (nothing counted).'), ...commonErrors },
});

export const rafJoin = createRoute({
  method: 'post',
  path: '/user/raf/join',
  operationId: 'referralJoin',
  tags: ['User'],
  summary: 'The signed-in (new) shopper joins through a friend\'s link',
  description: 'Refused (joined false with the reason) for oneself (account, or the same canonical email), an account older than 7 days, or one already referred (at most one referrer per account, the database decides).',
  security: SESSION_SECURITY,
  request: body(ReferralJoinSchema, '{ code } of the link the shopper came through.'),
  responses: { 200: jsonContent(ReferralJoinedSchema, 'Whether the referral is recorded.'), ...commonErrors, ...sessionErrors },
});
