/**
 * The rewards service's REST shapes (README.md is the contract). Points are integers; wallet
 * credit is integer pence.
 */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema } from '@shop/platform';
import { EXCHANGE_POINTS_MAX, LOYALTY_LEVELS } from '@shop/domain';
import { POINTS_EVENT_KINDS } from './points.ts';

export { ProblemSchema } from '@shop/platform';
export { CustomerTokenSchema };

const LEVEL_NAMES = LOYALTY_LEVELS.map((l) => l.name) as [string, ...string[]];
const Points = z.number().int().openapi({ description: 'Points (integer).', example: 120 });

export const LevelSchema = z
  .object({
    name: z.enum(LEVEL_NAMES),
    colour: z.string().openapi({ description: 'The club tier colour, #rrggbb.', example: '#a0522d' }),
    threshold: Points.openapi({ description: 'Lifetime points from which this level applies.' }),
    exchangeRate: z.number().int().openapi({ description: 'Wallet credit in pence per 100 points (0: this level cannot exchange).', example: 100 }),
  })
  .openapi('LoyaltyLevel');

export const RewardDetailsSchema = z
  .object({
    currentLevel: LevelSchema,
    nextLevel: LevelSchema.nullable().openapi({ description: 'null at Platinum.' }),
    lifetimePoints: Points,
    currentPoints: Points,
    pendingPoints: Points.openapi({ description: 'Order points inside the 14-day refund window.' }),
    pointsToNextLevel: Points,
    exchangeRate: z.number().int().openapi({ description: 'The current level rate: pence per 100 points.' }),
    playerActivityCountVO: z.object({ points: Points }).openapi({ description: 'Spec §3: the available points again, as the club reports them.' }),
    loyaltyActivityDescriptions: z.array(z.string()).openapi({ description: 'How points are earned, in words.' }),
    levels: z.array(LevelSchema),
  })
  .openapi('RewardDetails');

export const PointsEventSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(POINTS_EVENT_KINDS),
    points: Points.openapi({ description: 'Change to the available points.' }),
    pending: Points.openapi({ description: 'Change to the pending points.' }),
    description: z.string(),
    createdAt: z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-24T10:00:00.000Z' }),
  })
  .openapi('PointsEvent');
export const PointsEventsSchema = z.object({ events: z.array(PointsEventSchema), hasMore: z.boolean() }).openapi('PointsEvents');

export const CustomerQuerySchema = z.object({ customerToken: CustomerTokenSchema });
export const ActivityQuerySchema = z.object({
  customerToken: CustomerTokenSchema,
  limit: z.coerce.number().int().min(1).max(100).optional().openapi({ description: 'How many, newest first (default 20, at most 100).', example: 20 }),
  before: z.coerce.number().int().min(1).optional().openapi({ description: 'Only events older than this event id (paging).', example: 120 }),
});

export const ExchangeParamsSchema = z.object({
  value: z.coerce
    .number()
    .int()
    .min(1)
    .max(EXCHANGE_POINTS_MAX)
    .openapi({ param: { name: 'value', in: 'path' }, description: 'How many points to exchange.', example: 500 }),
});
export const ExchangeBodySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    ref: z.string().min(1).max(200).openapi({ description: 'Idempotency reference: the same ref exchanges once.', example: 'exchange-0001' }),
  })
  .strict()
  .openapi('ExchangeRequest');
export const ExchangeResultSchema = z
  .object({ points: Points, creditPence: z.number().int().openapi({ description: 'Wallet credit given (bucket marketing), pence.' }), replayed: z.boolean(), details: RewardDetailsSchema })
  .openapi('ExchangeResult');

const DealId = z.string().min(1).max(100).openapi({ example: '1001' });
export const ClubActivityBodySchema = z
  .object({
    customerToken: CustomerTokenSchema,
    downloadToolbar: z.boolean().optional().openapi({ description: 'Spec §7: carried, earns nothing.' }),
    shareDeal: z.array(z.object({ dealId: DealId, publisherSource: z.string().max(100).nullable().optional() }).strict()).max(50).default([]),
    viewDeal: z.array(z.object({ dealId: DealId, locationSite: z.string().max(100).nullable().optional() }).strict()).max(50).default([]),
  })
  .strict()
  .openapi('ClubActivity');
export const ShareBodySchema = z.object({ customerToken: CustomerTokenSchema, shareDeal: ClubActivityBodySchema.shape.shareDeal }).strict().openapi('ShareDealActivity');
export const ViewBodySchema = z.object({ customerToken: CustomerTokenSchema, viewDeal: ClubActivityBodySchema.shape.viewDeal }).strict().openapi('ViewDealActivity');
export const ClubActivityResultSchema = z
  .object({
    points: Points.openapi({ description: 'Points earned by this batch (after the daily caps).' }),
    results: z.array(z.object({ kind: z.enum(['share', 'view']), dealId: z.string(), points: Points, counted: z.boolean() })),
  })
  .openapi('ClubActivityResult');

export const RunOrderPointsBodySchema = z
  .object({
    asOf: z.iso.datetime().optional().openapi({ description: 'Run as at this instant (from now to 30 days ahead; ahead only where the shop allows it).', example: '2027-01-25T10:00:00.000Z' }),
    customerToken: CustomerTokenSchema.optional(),
  })
  .strict()
  .openapi('RunOrderPoints');
export const RunOrderPointsResultSchema = z.object({ settled: z.number().int(), removed: z.number().int() }).openapi('RunOrderPointsResult');
